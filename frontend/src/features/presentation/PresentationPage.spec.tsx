import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import {
  AnimationStyle,
  DisplayOrder,
  LiveMessageType,
  ALL_PERMISSIONS,
  Role,
  type CustomerPermissions,
  type PublicMemory,
  type SessionUser,
} from '@memory-wall/contracts';
import { eventFetchBackoff } from '../../api/events';
import { renderWithProviders } from '../../test/renderWithProviders';
import { makeEvent, makeHostEvent, makeMemory } from '../../test/fixtures';
import { axeFindings } from '../../test/axe';
import { answerMe, makeUser } from '../../test/session';
import { startTestServer, type TestServer } from '../../test/testServer';
import { attachLiveServer, type LiveServer } from '../memories/testFixtures';
import { PresentationPage } from './PresentationPage';
import { FULL_REFRESH_THROTTLE_MS } from './useAutoRefresh';

const event = makeEvent({
  id: 'event-1',
  name: 'Anna & Ben',
  wallTitle: 'Our Wedding Wall',
  eventCode: 'ABC123',
  numberOfImagesDisplay: 1,
});
const carol = makeMemory({ id: 'm-1', content: 'Congratulations!', author: 'Carol' });
const dan = makeMemory({ id: 'm-2', content: 'So happy for you', author: 'Dan' });
const eve = makeMemory({ id: 'm-3', content: 'A brand new wish', author: 'Eve' });

let server: TestServer;
let live: LiveServer;
let approved: PublicMemory[];
let session: { user: SessionUser | null };
let autoRefresh: string;
let eventFails: boolean;
let limit: number;
/** What a signed-in customer may do with the event (its private read). */
let hostPermissions: CustomerPermissions;

beforeEach(async () => {
  approved = [carol, dan];
  session = { user: null };
  autoRefresh = '30';
  eventFails = false;
  limit = 1;
  hostPermissions = ALL_PERMISSIONS;
  server = await startTestServer((request) => {
    const { url } = request;
    if (url === '/api/events/event-1')
      return { status: 200, body: { event: makeHostEvent({ id: 'event-1', permissions: hostPermissions }) } };
    const flag = url.match(/^\/api\/memories\/([^/]+)\/flag$/);
    if (request.method === 'POST' && flag) {
      const memory = approved.find((m) => m.id === flag[1])!;
      approved = approved.filter((m) => m.id !== memory.id);
      const flagged = {
        ...memory,
        approved: true,
        flagged: true,
        processingState: 'ready',
        moderation: null,
        publicAt: null,
      };
      return { status: 200, body: { success: true, memory: flagged } };
    }
    if (url === '/api/events/public/event-1')
      return eventFails
        ? { status: 500, body: { statusCode: 500, error: 'Error', message: 'Down' } }
        : { status: 200, body: { event: { ...event, numberOfImagesDisplay: limit } } };
    if (url === '/api/events/public/ordered')
      return {
        status: 200,
        body: {
          event: {
            ...event,
            id: 'ordered',
            displayOrder: DisplayOrder.Oldest,
            animationStyle: AnimationStyle.Vertical,
          },
        },
      };
    if (url === '/api/settings')
      return {
        status: 200,
        body: { settings: { theme: 'wedding', displayOrder: 'newest', itemsVisible: '3', autoRefresh } },
      };
    if (url === '/api/events/public/no-code')
      return { status: 200, body: { event: { ...event, id: 'no-code', eventCode: null } } };
    if (url === '/api/events/public/draft')
      return { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Event is not published' } };
    if (['event-1', 'no-code', 'ordered'].some((id) => url.startsWith(`/api/events/${id}/memories`)))
      return { status: 200, body: { success: true, memories: approved } };
    return answerMe(session, request);
  });
  live = attachLiveServer(server, 'event-1');
});
afterEach(async () => {
  await live.close();
  await server.close();
});

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

function open(route = '/presentation/event-1') {
  return renderWithProviders(
    <Routes>
      <Route path="/presentation/:eventId" element={<PresentationPage />} />
      <Route path="/presentation" element={<PresentationPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route },
  );
}

const cards = () => screen.queryAllByTestId('memory-card');

describe('presentation page', () => {
  it('shows the title, the QR code to contribute and one memory at a time', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Our Wedding Wall' })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const qr = screen.getByTestId('presentation-qr');
    expect(qr).toHaveAttribute('data-url', `${window.location.origin}/contribute?code=ABC123`);
    const svg = qr.querySelector('svg')!;
    expect(svg.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(screen.getByTestId('shown-count')).toHaveTextContent('1 / 2');
    expect(screen.getByTestId('layout-label')).toHaveTextContent('One memory');
    expect(screen.getByTestId('countdown')).toHaveTextContent('Next in 20s');
    expect(screen.getByRole('button', { name: 'Rotate now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Music off' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('live-badge')).toHaveTextContent('Live'));
  });

  it('keeps its headings in order: the title, then the memories, then each titled memory (axe heading-order)', async () => {
    approved = [{ ...carol, title: 'Dear Anna' }];
    open();
    expect(await screen.findByRole('heading', { level: 3, name: 'Dear Anna' })).toBeInTheDocument();
    expect(await axeFindings(['heading-order'])).toEqual([]);
  });

  it('rotates to the other memory with the button and with R, and pauses with Space', async () => {
    const { user } = open();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const before = cards()[0].textContent;
    await user.keyboard('r');
    await waitFor(() => expect(cards()[0].textContent).not.toBe(before));
    await waitFor(() => expect(screen.getByTestId('countdown')).toHaveTextContent('Next in 19s'), { timeout: 2000 });
    await user.click(screen.getByRole('button', { name: 'Rotate now' }));
    expect(screen.getByTestId('countdown')).toHaveTextContent('Next in 20s');
    await user.keyboard(' ');
    expect(screen.getByTestId('countdown')).toHaveTextContent('Paused');
    await user.keyboard('p');
    expect(screen.getByTestId('countdown')).toHaveTextContent(/Next in \d+s/);
  });

  it('links to /contribute/{id} when the event has no code', async () => {
    open('/presentation/no-code');
    await screen.findByRole('heading', { name: 'Our Wedding Wall' });
    expect(screen.getByTestId('presentation-qr')).toHaveAttribute(
      'data-url',
      `${window.location.origin}/contribute/no-code`,
    );
  });

  it('queues a memory approved live, says how many wait, and shows it first at the next rotation', async () => {
    const { user } = open();
    await waitFor(() => expect(screen.getByTestId('live-badge')).toHaveTextContent('Live'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    const before = cards()[0].textContent;
    expect(screen.queryByTestId('queue-count')).not.toBeInTheDocument();
    await live.send({ type: LiveMessageType.MemoryApproved, memory: eve });
    await waitFor(() => expect(screen.getByTestId('shown-count')).toHaveTextContent('1 / 3'));
    expect(screen.getByTestId('queue-count')).toHaveTextContent('1 waiting');
    // The memory on the screen keeps its slot.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(cards()[0].textContent).toBe(before);
    await user.keyboard('r');
    await waitFor(() => expect(cards()[0]).toHaveTextContent('A brand new wish'));
    expect(within(cards()[0]).getByText('From Eve')).toBeInTheDocument();
    expect(screen.queryByTestId('queue-count')).not.toBeInTheDocument();
  });

  it('shows a memory approved live at once when the screen has room for it', async () => {
    approved = [carol];
    limit = 3;
    open();
    await waitFor(() => expect(cards()).toHaveLength(1));
    await live.send({ type: LiveMessageType.MemoryApproved, memory: eve });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards().map((card) => card.textContent)).toEqual([
      expect.stringContaining('Congratulations!'),
      expect.stringContaining('A brand new wish'),
    ]);
  });

  it("asks for the memories in the event's display order and lets them enter in its animation style", async () => {
    open();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(server.requests.map((r) => r.url)).toContain('/api/events/event-1/memories?approved=true&order=newest');
    expect(screen.getByTestId('presentation-grid')).toHaveClass('pr-grid', 'mw-enter', 'mw-enter-horizontal');
  });

  it('follows an event shown oldest first with a vertical animation', async () => {
    const { user } = open('/presentation/ordered');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(server.requests.map((r) => r.url)).toContain('/api/events/ordered/memories?approved=true&order=oldest');
    const grid = screen.getByTestId('presentation-grid');
    expect(grid).toHaveClass('mw-enter', 'mw-enter-vertical');
    // Each rotation mounts a new set, so the entrance plays again.
    await user.keyboard('r');
    await waitFor(() => expect(screen.getByTestId('presentation-grid')).not.toBe(grid));
  });

  it('refreshes the event and its memories without a live connection, at most once per 5 s', async () => {
    await live.close();
    autoRefresh = '1';
    open();
    await waitFor(() => expect(cards()).toHaveLength(1));
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/settings')).toBe(true));
    const count = (path: string) => server.requests.filter((r) => r.url.startsWith(path)).length;
    expect(count('/api/events/public/event-1')).toBe(1);
    expect(count('/api/events/event-1/memories')).toBe(1);
    expect(screen.getByTestId('live-badge')).toHaveTextContent('Offline');

    // autoRefresh is 1 s, but the first refresh waits 5 s from the page's load.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(count('/api/events/public/event-1')).toBe(1);

    // Moves the clock on, 5 s at a time.
    const now = Date.now;
    let offset = FULL_REFRESH_THROTTLE_MS;
    jest.spyOn(Date, 'now').mockImplementation(() => now() + offset);
    const backoff = eventFetchBackoff.ms;
    eventFetchBackoff.ms = 1;
    try {
      await waitFor(() => expect(count('/api/events/public/event-1')).toBe(2));
      await waitFor(() => expect(count('/api/events/event-1/memories')).toBe(2));

      // A refresh that fails for a passing reason (here 500, after its retries) keeps the wall on screen.
      eventFails = true;
      offset += FULL_REFRESH_THROTTLE_MS;
      await waitFor(() => expect(count('/api/events/public/event-1')).toBe(2 + 4));
      await waitFor(() => expect(count('/api/events/event-1/memories')).toBe(3));
      expect(screen.getByRole('heading', { name: 'Our Wedding Wall' })).toBeInTheDocument();
      expect(cards()).toHaveLength(1);
    } finally {
      eventFetchBackoff.ms = backoff;
      jest.restoreAllMocks();
    }
  });

  it('says the event is not available on 403', async () => {
    open('/presentation/draft');
    expect(await screen.findByRole('heading', { name: 'Event Not Available' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(live.sockets).toHaveLength(0);
  });

  it('says the event is not available without an event id', async () => {
    open('/presentation');
    expect(await screen.findByRole('heading', { name: 'Event Not Available' })).toBeInTheDocument();
  });

  it('shows the empty text when nothing is approved yet', async () => {
    approved = [];
    open();
    expect(await screen.findByText('No memories available yet')).toBeInTheDocument();
  });

  it.each([
    [Role.Customer, '/events/event-1/wall'],
    [Role.ServiceProvider, '/memories/event-1'],
    [Role.Owner, '/memories/event-1'],
    [Role.Guest, '/'],
    [null, '/'],
  ])('exits a %s to %s (button and Esc)', async (role, destination) => {
    session.user = role ? makeUser(role) : null;
    const { user, unmount } = open();
    await screen.findByRole('heading', { name: 'Our Wedding Wall' });
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/auth/me')).toBe(true));
    // Waits for the answer about the user before leaving.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(destination);
    unmount();

    const again = open();
    await screen.findByRole('heading', { name: 'Our Wedding Wall' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await again.user.keyboard('{Escape}');
    expect(await screen.findByTestId('location')).toHaveTextContent(destination);
  });

  describe("the customer's presentation", () => {
    it('gives a customer who may moderate round Feature and Flag buttons on each memory; Flag takes it off at once', async () => {
      session.user = makeUser(Role.Customer);
      const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
      const { user } = open();
      await waitFor(() => expect(cards()).toHaveLength(1));
      const card = cards()[0];
      const buttons = await within(card).findAllByRole('button');
      expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Feature', 'Flag']);
      expect(buttons[0].closest('.memory-icon-actions')).toBe(card.firstElementChild);

      const shown = within(card).getByText(/Congratulations!|So happy for you/).textContent;
      await user.click(within(card).getByRole('button', { name: 'Flag' }));
      expect(confirm).toHaveBeenCalledWith(
        'Are you sure you want to flag this memory as inappropriate? It will be removed from the presentation immediately.',
      );
      await waitFor(() => expect(screen.queryByText(shown!)).not.toBeInTheDocument());
      expect(screen.getByTestId('shown-count')).toHaveTextContent('1 / 1');
      confirm.mockRestore();
    });

    it.each([
      ['a guest', null, ALL_PERMISSIONS],
      ['a planner', Role.ServiceProvider, ALL_PERMISSIONS],
      ['a customer without moderation', Role.Customer, { ...ALL_PERMISSIONS, canModerate: false }],
    ] as const)('shows no such buttons to %s', async (_, role, permissions) => {
      session.user = role ? makeUser(role) : null;
      hostPermissions = permissions;
      open();
      await waitFor(() => expect(cards()).toHaveLength(1));
      await waitFor(() => expect(server.requests.some((r) => r.url === '/api/auth/me')).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(within(cards()[0]).queryByRole('button')).not.toBeInTheDocument();
    });
  });
});
