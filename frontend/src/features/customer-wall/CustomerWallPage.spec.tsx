import { screen, within } from '@testing-library/react';
import {
  DEFAULT_CUSTOMER_PERMISSIONS,
  MemoryType,
  Role,
  type CustomerPermissions,
  type HostEvent,
  type HostMemory,
  type SessionUser,
} from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { makeHostEvent } from '../../test/fixtures';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';
import { hostMemory } from '../memories/testFixtures';

const EVENT_ID = 'event-1';
const wallOf = (permissions: CustomerPermissions) =>
  makeHostEvent({
    id: EVENT_ID,
    name: 'Anna & Ben',
    wallTitle: 'Love, Anna & Ben',
    wallImage: '/media/wall.jpg',
    colorTheme: '#FFE5B3',
    permissions,
  });
let event: HostEvent;
const message = hostMemory({ id: 'm-1', content: 'So happy for you', author: 'Carol', approved: true });
const photo = hostMemory({
  id: 'm-2',
  type: MemoryType.Photo,
  content: '',
  photoCaption: 'First dance',
  author: 'Dan',
  approved: true,
  media: {
    card: { url: '/media/m-2-card.webp', width: 800, height: 600 },
    full: { url: '/media/m-2-full.webp', width: 1920, height: 1440 },
  },
});

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let memories: HostMemory[];
let flaggedOnes: HostMemory[];
let pendingOnes: HostMemory[];
let eventsReply: Reply | undefined;

beforeEach(async () => {
  session.user = makeUser(Role.Customer);
  event = wallOf(DEFAULT_CUSTOMER_PERMISSIONS);
  memories = [message, photo];
  flaggedOnes = [];
  pendingOnes = [];
  eventsReply = undefined;
  server = await startTestServer((req) => {
    const { method, url } = req;
    if (method === 'GET' && url === '/api/events')
      return eventsReply ?? { status: 200, body: { success: true, events: [event] } };
    if (method === 'GET' && url === `/api/events/${EVENT_ID}`) return { status: 200, body: { event } };
    if (method === 'GET' && url === `/api/events/${EVENT_ID}/memories?approved=true`)
      return { status: 200, body: { success: true, memories } };
    if (method === 'GET' && url === `/api/events/${EVENT_ID}/memories?flagged=true`)
      return { status: 200, body: { success: true, memories: flaggedOnes } };
    if (method === 'GET' && url === `/api/events/${EVENT_ID}/submissions/pending`)
      return { status: 200, body: { success: true, memories: pendingOnes } };
    const feature = url.match(/^\/api\/memories\/([^/]+)\/feature$/);
    if (method === 'POST' && feature) {
      const memory = memories.find((m) => m.id === feature[1])!;
      const toggled = { ...memory, featured: !memory.featured };
      memories = memories.map((m) => (m.id === toggled.id ? toggled : m));
      return { status: 200, body: { success: true, memory: toggled } };
    }
    const flag = url.match(/^\/api\/memories\/([^/]+)\/flag$/);
    if (method === 'POST' && flag) {
      const flagged = { ...memories.find((m) => m.id === flag[1])!, flagged: true };
      memories = memories.filter((m) => m.id !== flagged.id);
      flaggedOnes = [...flaggedOnes, flagged];
      return { status: 200, body: { success: true, memory: flagged } };
    }
    return answerMe(session, req);
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  return server.close();
});

const posts = (url: string) => server.requests.filter((r) => r.method === 'POST' && r.url === url);
const cardOf = (text: string) => screen.getByText(text).closest('article')!;

async function openWall() {
  const rendered = renderWithProviders(undefined, { route: '/customer-wall' });
  expect(await screen.findByRole('heading', { name: 'Love, Anna & Ben' }, { timeout: 5000 })).toBeInTheDocument();
  return rendered;
}

describe('customer wall', () => {
  it("shows the customer's wall: title, image, colour, links and the approved memories", async () => {
    await openWall();

    expect(screen.getByRole('heading', { level: 1, name: 'Customer Wall' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Full Screen' })).toHaveAttribute('href', `/display/${EVENT_ID}`);
    expect(screen.getByRole('link', { name: 'Wall Settings' })).toHaveAttribute('href', `/wall-settings/${EVENT_ID}`);
    // The host's other pages about the event, one click away.
    expect(screen.getByRole('link', { name: 'Presentation' })).toHaveAttribute('href', `/presentation/${EVENT_ID}`);
    expect(screen.getByRole('link', { name: 'Screens' })).toHaveAttribute('href', `/events/${EVENT_ID}/wall`);
    expect(screen.getByRole('link', { name: 'Event & Keepsake' })).toHaveAttribute('href', `/events/${EVENT_ID}`);
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByText(/Feature a memory to show it first/)).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveStyle({ background: '#FFE5B3' });
    expect(document.querySelector('img.customer-wall-image')).toHaveAttribute('src', '/media/wall.jpg');

    expect(screen.getAllByTestId('memory-card')).toHaveLength(2);
    // Memories enter as the event's animationStyle says (the fixture's: horizontal).
    expect(screen.getAllByTestId('memory-card')[0].parentElement).toHaveClass('mw-enter', 'mw-enter-horizontal');
    expect(screen.getByRole('img', { name: 'First dance' })).toHaveAttribute('src', '/media/m-2-card.webp');
    for (const text of ['So happy for you', 'First dance']) {
      expect(within(cardOf(text)).getByRole('button', { name: 'Feature' })).toHaveAttribute('aria-pressed', 'false');
      expect(within(cardOf(text)).getByRole('button', { name: 'Flag' })).toBeInTheDocument();
    }
  });

  it('features and unfeatures a memory', async () => {
    const { user } = await openWall();

    await user.click(within(cardOf('So happy for you')).getByRole('button', { name: 'Feature' }));
    expect(await findToast('Memory featured!')).toBeInTheDocument();
    expect(await within(cardOf('So happy for you')).findByRole('button', { name: 'Featured' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(cardOf('So happy for you')).getByRole('button', { name: 'Featured' }));
    expect(await findToast('Memory unfeatured')).toBeInTheDocument();
    expect(posts('/api/memories/m-1/feature')).toHaveLength(2);
  });

  it("flags a memory only after the customer confirms: it stays here, marked 'Flagged for review'", async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await openWall();

    await user.click(within(cardOf('So happy for you')).getByRole('button', { name: 'Flag' }));
    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to flag this memory as inappropriate? It will be removed from the presentation immediately.',
    );
    expect(posts('/api/memories/m-1/flag')).toHaveLength(0);

    await user.click(within(cardOf('So happy for you')).getByRole('button', { name: 'Flag' }));
    expect(await findToast('Memory flagged')).toBeInTheDocument();
    expect(posts('/api/memories/m-1/flag')).toHaveLength(1);
    const card = cardOf('So happy for you');
    expect(await within(card).findByText('Flagged for review')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('memory-card')).toHaveLength(2);
  });

  it('shows what was flagged earlier with its badge, among the approved ones by time', async () => {
    flaggedOnes = [
      hostMemory({
        id: 'f-1',
        content: 'Flagged earlier',
        approved: true,
        flagged: true,
        createdAt: '2030-01-01T00:00:00.000Z',
      }),
      // Flagged before it was ever approved: never on the wall, so not here.
      hostMemory({ id: 'f-2', content: 'Never shown', approved: false, flagged: true }),
    ];
    await openWall();
    const card = await screen.findByText('Flagged earlier');
    expect(within(card.closest('article')!).getByText('Flagged for review')).toBeInTheDocument();
    expect(screen.getAllByTestId('memory-card')[0]).toBe(card.closest('article'));
    expect(screen.queryByText('Never shown')).not.toBeInTheDocument();
    expect(screen.getByText(/the round ♡ and ⚑ buttons at the top left/)).toBeInTheDocument();
  });

  it('offers Feature, Flag and Wall Settings only to a customer whose planner allows them', async () => {
    event = wallOf({ canModerate: false, canEditTheme: false, canEditDetails: false });
    await openWall();

    expect(await screen.findByText('So happy for you')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Feature/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Flag/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Wall Settings' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Feature a memory to show it first/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Full Screen' })).toBeInTheDocument();
  });

  it('says when there is nothing on the wall yet', async () => {
    memories = [];
    await openWall();
    expect(
      screen.getByText("No memories yet. Memories will appear here once guests submit them and they're approved."),
    ).toBeInTheDocument();
  });

  it('says how many memories wait for approval when none is on the wall yet, with the way to the Moderation page', async () => {
    memories = [];
    pendingOnes = [
      hostMemory({ id: 'p-1', content: 'Waiting one' }),
      hostMemory({ id: 'p-2', content: 'Waiting two' }),
    ];
    await openWall();

    expect(
      await screen.findByText('Nothing is on the wall yet: 2 memories are waiting for your approval.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review on the Moderation page' })).toHaveAttribute(
      'href',
      `/events/${EVENT_ID}/moderation`,
    );
    // The top bar's Moderation tab counts them too, read out as a sentence.
    expect(await screen.findByRole('link', { name: 'Moderation 2 memories waiting for approval' })).toBeInTheDocument();
  });

  it('tells a customer without an event how to take part, rather than that something went wrong', async () => {
    eventsReply = { status: 200, body: { success: true, events: [] } };
    renderWithProviders(undefined, { route: '/customer-wall' });

    expect(await screen.findByRole('heading', { name: 'No event yet' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/Your account is not linked to an event yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter Event Code' })).toHaveAttribute('href', '/event-code');
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it("goes Back to the event's dashboard when the wall was the first page opened, never out of the app", async () => {
    const { user } = await openWall();

    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Anna & Ben' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Display Wall' })).toBeInTheDocument();
  });

  it('says so when the wall cannot load', async () => {
    eventsReply = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Boom' } };
    renderWithProviders(undefined, { route: '/customer-wall' });

    expect(await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText("We couldn't load the memory wall")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });
});
