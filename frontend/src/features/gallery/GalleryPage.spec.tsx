import { screen, waitFor, within } from '@testing-library/react';
import { EventStatus, LiveMessageType, type PublicEvent, type PublicMemory } from '@memory-wall/contracts';
import { DEVICE_ID_STORAGE_KEY } from '../../api/hearts';
import { makeEvent, makeMemory } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { answerMe, findToast } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';
import { attachLiveServer, type LiveServer } from '../memories/testFixtures';

const EVENT_ID = 'event-1';
const liveEvent = makeEvent({ id: EVENT_ID, name: 'Garden Wedding' });
let event: PublicEvent;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: TestServer;
let live: LiveServer | undefined;
let memories: PublicMemory[];
let heartReply: Reply;

beforeEach(async () => {
  event = liveEvent;
  memories = [];
  heartReply = undefined;
  live = undefined;
  server = await startTestServer((req) => {
    const { method, url } = req;
    if (method === 'GET' && url === `/api/events/public/${EVENT_ID}`) return { status: 200, body: { event } };
    if (method === 'GET' && url === `/api/events/${EVENT_ID}/memories?approved=true`)
      return { status: 200, body: { success: true, memories } };
    const heart = url.match(/^\/api\/events\/event-1\/memories\/([^/]+)\/hearts$/);
    if (method === 'POST' && heart) {
      if (heartReply) return heartReply;
      const memory = memories.find((m) => m.id === heart[1])!;
      memory.hearts += 1;
      return { status: 200, body: { success: true, memoryId: memory.id, hearts: memory.hearts, counted: true } };
    }
    return answerMe({ user: null }, req);
  });
});
afterEach(async () => {
  await live?.close();
  await server.close();
});

async function openGallery(route = `/gallery/${EVENT_ID}`) {
  const rendered = renderWithProviders(undefined, { route });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Garden Wedding' }, { timeout: 5000 }),
  ).toBeInTheDocument();
  return rendered;
}
const cardOf = (text: string) => screen.getByText(text).closest('article')!;
const heartsSent = () => server.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/hearts'));

describe('guests’ gallery', () => {
  it('shows the approved memories with their hearts and a link to share one', async () => {
    memories = [
      makeMemory({ id: 'm-1', content: 'Cheers!', author: 'Ann', hearts: 3 }),
      makeMemory({ id: 'm-2', content: 'Love you both', author: 'Bob' }),
    ];
    await openGallery();

    expect(await screen.findByText('Cheers!')).toBeInTheDocument();
    expect(screen.getByText(/^2 memories/)).toBeInTheDocument();
    expect(within(cardOf('Cheers!')).getByRole('button', { name: 'Heart this memory (3 hearts)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(cardOf('Love you both')).getByRole('button', { name: 'Heart this memory (0 hearts)' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Share a memory' })).toHaveAttribute('href', `/contribute/${EVENT_ID}`);
    // No venue controls here.
    expect(screen.queryByRole('button', { name: /full ?screen/i })).not.toBeInTheDocument();
  });

  it('offers no "Share a memory" once the event is completed: it takes none any more', async () => {
    event = { ...event, status: EventStatus.Completed };
    memories = [makeMemory({ id: 'm-1', content: 'Cheers!', author: 'Ann' })];
    await openGallery();

    expect(await screen.findByText('Cheers!')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Share a memory' })).not.toBeInTheDocument();
  });

  it("hearts a memory once with this device's id, and shows the count the server answers", async () => {
    memories = [
      makeMemory({ id: 'm-heart', content: 'Cheers!', hearts: 1 }),
      makeMemory({ id: 'm-other', content: 'Hooray!' }),
    ];
    const { user } = await openGallery();
    const button = await screen.findByRole('button', { name: 'Heart this memory (1 heart)' });

    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    // Pressed at once; the count is the server's answer, which arrives after.
    await waitFor(() => expect(button).toHaveAccessibleName('Heart this memory (2 hearts)'));
    expect(heartsSent()).toHaveLength(1);
    const deviceId = localStorage.getItem(DEVICE_ID_STORAGE_KEY);
    expect(deviceId).toMatch(UUID);
    expect(heartsSent()[0].body).toEqual({ deviceId });

    // Hearted already: a second tap sends nothing.
    await user.click(button);
    expect(heartsSent()).toHaveLength(1);

    // Another memory: the same device.
    await user.click(screen.getByRole('button', { name: 'Heart this memory (0 hearts)' }));
    await waitFor(() => expect(heartsSent()).toHaveLength(2));
    expect(heartsSent()[1].body).toEqual({ deviceId });
  });

  it('says so when a heart was not taken, and leaves the button to try again', async () => {
    memories = [makeMemory({ id: 'm-fail', content: 'Cheers!' })];
    heartReply = { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: 'Too many hearts' } };
    const { user } = await openGallery();
    const button = await screen.findByRole('button', { name: 'Heart this memory (0 hearts)' });

    await user.click(button);
    expect(await findToast('Heart not sent')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toBeEnabled();
  });

  it('takes new counts and new memories from the live feed, never a count lower than shown', async () => {
    memories = [makeMemory({ id: 'm-live', content: 'Cheers!', hearts: 2 })];
    live = attachLiveServer(server, EVENT_ID);
    await openGallery();
    await screen.findByText('Cheers!');
    await waitFor(() => expect(live!.sockets).toHaveLength(1));
    const count = () => within(cardOf('Cheers!')).getByTestId('heart-button');

    await live.send({ type: LiveMessageType.MemoryHearts, memoryId: 'm-live', hearts: 7 });
    await waitFor(() => expect(count()).toHaveAccessibleName('Heart this memory (7 hearts)'));
    // An earlier count announced late changes nothing.
    await live.send({ type: LiveMessageType.MemoryHearts, memoryId: 'm-live', hearts: 5 });
    expect(count()).toHaveAccessibleName('Heart this memory (7 hearts)');

    await live.send({
      type: LiveMessageType.MemoryApproved,
      memory: makeMemory({ id: 'm-new', content: 'Just arrived', createdAt: '2025-06-02T00:00:00.000Z' }),
    });
    expect(await screen.findByText('Just arrived')).toBeInTheDocument();
  });

  it('says when the event is not there', async () => {
    renderWithProviders(undefined, { route: '/gallery/missing' });
    expect(await screen.findByRole('heading', { name: 'Event Not Found' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
