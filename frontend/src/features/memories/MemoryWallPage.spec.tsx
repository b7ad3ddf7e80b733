import { setTimeout as realDelay } from 'node:timers/promises';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  AnimationStyle,
  formatLivePosition,
  LIVE_POSITION_HEADER,
  LiveFeed,
  LiveMessageType,
  MemoryType,
  Role,
  type HostMemory,
  type SessionUser,
} from '@memory-wall/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { makeHostEvent } from '../../test/fixtures';
import { answerMe, findToast, makeUser } from '../../test/session';
import { startTestServer, type Reply, type TestServer } from '../../test/testServer';
import { attachLiveServer, hostMemory, type LiveServer } from './testFixtures';
import { UNDO_WINDOW_MS } from '../moderation/useUndoableRemoval';

const EVENT_ID = 'event-1';
const hostEvent = makeHostEvent({
  id: EVENT_ID,
  name: 'Garden Wedding',
  eventCode: 'ABC123',
  animationStyle: AnimationStyle.Vertical,
  colorTheme: '#FDFBD4',
  contributionsCount: 3,
});

const pendingOne = hostMemory({
  id: 'p-1',
  content: 'Please approve me',
  author: 'Pat',
  createdAt: '2025-06-01T12:30:00.000Z',
});
const shownA = hostMemory({
  id: 'a-1',
  content: 'First on the wall',
  author: 'Ann',
  approved: true,
  createdAt: '2025-06-01T13:00:00.000Z',
});
const shownB = hostMemory({
  id: 'a-2',
  content: 'Second on the wall',
  author: 'Bob',
  approved: true,
  createdAt: '2025-06-01T12:00:00.000Z',
});

const session: { user: SessionUser | null } = { user: null };
let server: TestServer;
let live: LiveServer | undefined;
let pending: HostMemory[];
let approved: HostMemory[];
let approveReply: Reply;
let rejectReply: Reply;
let listsReply: Reply;
let holdPending: Promise<void> | null;

/**
 * The feed position a list reflects, as the API says it: the live server's latest message. Without it
 * the page could not tell a list that is current, and would fetch it again when its socket joins.
 */
const listPosition = () => ({ [LIVE_POSITION_HEADER]: formatLivePosition(LiveFeed.Public, live?.seq() ?? 0) });

beforeEach(async () => {
  session.user = makeUser(Role.ServiceProvider);
  pending = [pendingOne];
  approved = [shownA, shownB];
  approveReply = undefined;
  rejectReply = undefined;
  listsReply = undefined;
  holdPending = null;
  live = undefined;
  server = await startTestServer(async (req) => {
    const { method, url } = req;
    if (method === 'GET' && url === `/api/events/${EVENT_ID}`) return { status: 200, body: { event: hostEvent } };
    if (method === 'GET' && url === `/api/events/${EVENT_ID}/submissions/pending`) {
      if (holdPending) await holdPending;
      return listsReply ?? { status: 200, body: { success: true, memories: pending }, headers: listPosition() };
    }
    if (method === 'GET' && url === `/api/events/${EVENT_ID}/memories?approved=true`) {
      return listsReply ?? { status: 200, body: { success: true, memories: approved }, headers: listPosition() };
    }
    const approve = url.match(/^\/api\/submissions\/([^/]+)\/approve$/);
    if (method === 'POST' && approve) {
      if (approveReply) return approveReply;
      const memory = { ...pending.find((m) => m.id === approve[1])!, approved: true };
      pending = pending.filter((m) => m.id !== memory.id);
      approved = [memory, ...approved];
      return { status: 200, body: { success: true, memory } };
    }
    const reject = url.match(/^\/api\/submissions\/([^/]+)$/);
    if (method === 'DELETE' && reject) {
      if (rejectReply) return rejectReply;
      pending = pending.filter((m) => m.id !== reject[1]);
      return { status: 200, body: { success: true } };
    }
    return answerMe(session, req);
  });
});
afterEach(async () => {
  await live?.close();
  await server.close();
});

const serverError: Reply = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Boom' } };
const requestsTo = (method: string, url: string) => server.requests.filter((r) => r.method === method && r.url === url);
const section = (name: RegExp | string) => screen.getByRole('heading', { name }).closest('section')!;
const cardOf = (text: string) => screen.getByText(text).closest('article')!;

/** Long enough for a rejection's Undo window to pass and its deletion to be sent. */
const afterUndoWindow = { timeout: UNDO_WINDOW_MS + 5000 };

async function openWall(route = `/memories/${EVENT_ID}`) {
  const rendered = renderWithProviders(undefined, { route });
  // The first test of a run also compiles the page's modules: give it time.
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Garden Wedding' }, { timeout: 5000 }),
  ).toBeInTheDocument();
  await screen.findByRole('heading', { name: /^Memories on display \(\d+\)$/ });
  await waitFor(() => expect(screen.queryByTestId('memory-placeholder')).not.toBeInTheDocument());
  return rendered;
}

describe('memory wall (host view)', () => {
  it('shows the event, the submissions awaiting approval and the memories on display', async () => {
    await openWall();

    expect(screen.getByText('2 memories')).toBeInTheDocument();
    const awaiting = section('Submissions awaiting approval (1)');
    expect(within(awaiting).getByText('Please approve me')).toBeInTheDocument();
    expect(within(awaiting).getByText('Pending')).toBeInTheDocument();
    expect(within(awaiting).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(awaiting).getByRole('button', { name: 'Reject' })).toBeInTheDocument();

    const onDisplay = section('Memories on display (2)');
    expect(
      within(onDisplay)
        .getAllByTestId('memory-card')
        .map((card) => card.textContent),
    ).toEqual([expect.stringContaining('First on the wall'), expect.stringContaining('Second on the wall')]);
    // Normal mode: the author and how long ago, no 'From …'.
    expect(within(cardOf('First on the wall')).getByText('Ann')).toBeInTheDocument();
    expect(within(cardOf('First on the wall')).getByText(/ ago$/)).toBeInTheDocument();
    expect(within(onDisplay).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Presentation Mode' })).toHaveAttribute(
      'href',
      `/presentation/${EVENT_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Wall Settings' })).toHaveAttribute('href', `/events/${EVENT_ID}/edit`);
    expect(screen.getByRole('main')).toHaveStyle({ background: '#FDFBD4' });
    expect(screen.getByText('Animation: 3 columns vertical')).toBeInTheDocument();
  });

  it('approves a submission: a request, a toast, and the memory moves onto the display', async () => {
    const { user } = await openWall();

    await user.click(within(cardOf('Please approve me')).getByRole('button', { name: 'Approve' }));

    const toast = await findToast('Submission approved');
    expect(within(toast).getByText('The memory is now visible on the wall')).toBeInTheDocument();
    expect(requestsTo('POST', '/api/submissions/p-1/approve')).toHaveLength(1);
    const onDisplay = (await screen.findByRole('heading', { name: 'Memories on display (3)' })).closest('section')!;
    expect(screen.queryByRole('heading', { name: /Submissions awaiting approval/ })).not.toBeInTheDocument();
    expect(within(onDisplay).getByText('Please approve me')).toBeInTheDocument();
    expect(within(cardOf('Please approve me')).queryByText('Pending')).not.toBeInTheDocument();
  });

  it('says so when approving fails, and keeps the submission', async () => {
    approveReply = serverError;
    const { user } = await openWall();

    await user.click(within(cardOf('Please approve me')).getByRole('button', { name: 'Approve' }));

    const toast = await findToast('Approval failed');
    expect(within(toast).getByText('Could not approve this submission')).toBeInTheDocument();
    expect(within(section('Submissions awaiting approval (1)')).getByText('Please approve me')).toBeInTheDocument();
  });

  it('rejects a submission: it is gone at once, with Undo in a toast, and the DELETE follows', async () => {
    const { user } = await openWall();

    await user.click(within(cardOf('Please approve me')).getByRole('button', { name: 'Reject' }));

    const toast = await findToast('Submission rejected');
    expect(within(toast).getByText('The memory has been removed')).toBeInTheDocument();
    expect(within(toast).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(screen.queryByText('Please approve me')).not.toBeInTheDocument();
    expect(requestsTo('DELETE', '/api/submissions/p-1')).toHaveLength(0);
    await waitFor(() => expect(requestsTo('DELETE', '/api/submissions/p-1')).toHaveLength(1), afterUndoWindow);
    expect(screen.getByRole('heading', { name: 'Memories on display (2)' })).toBeInTheDocument();
  });

  it('brings a rejected submission back on Undo', async () => {
    const { user } = await openWall();
    await user.click(within(cardOf('Please approve me')).getByRole('button', { name: 'Reject' }));
    // sonner's swipe handling needs pointer capture, which jsdom lacks: the button is clicked without it.
    fireEvent.click(within(await findToast('Submission rejected')).getByRole('button', { name: 'Undo' }));

    expect(await screen.findByText('Please approve me')).toBeInTheDocument();
    await realDelay(UNDO_WINDOW_MS + 500);
    expect(requestsTo('DELETE', '/api/submissions/p-1')).toHaveLength(0);
  });

  it('says so when rejecting fails, and the submission comes back', async () => {
    rejectReply = serverError;
    const { user } = await openWall();

    await user.click(within(cardOf('Please approve me')).getByRole('button', { name: 'Reject' }));

    const toast = await findToast('Rejection failed', afterUndoWindow);
    expect(within(toast).getByText('Could not reject this submission')).toBeInTheDocument();
    expect(await screen.findByText('Please approve me')).toBeInTheDocument();
  });

  it('shows loading placeholders while the submissions load', async () => {
    let release!: () => void;
    holdPending = new Promise((resolve) => (release = resolve));
    renderWithProviders(undefined, { route: `/memories/${EVENT_ID}` });

    const awaiting = (await screen.findByRole('heading', { name: 'Submissions awaiting approval (0)' })).closest(
      'section',
    )!;
    expect(within(awaiting).getAllByTestId('memory-placeholder')).toHaveLength(3);
    release();
    expect(await screen.findByRole('heading', { name: 'Submissions awaiting approval (1)' })).toBeInTheDocument();
    expect(screen.queryByTestId('memory-placeholder')).not.toBeInTheDocument();
  });

  it('says there are no memories yet, and where they come from', async () => {
    pending = [];
    approved = [];
    await openWall();

    expect(screen.getByRole('heading', { name: 'No memories yet' })).toBeInTheDocument();
    expect(
      screen.getByText('Scan the QR code or visit the contribute page to add the first memory.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the contribute page' })).toHaveAttribute(
      'href',
      '/contribute?code=ABC123',
    );
    expect(screen.queryByRole('heading', { name: /Submissions awaiting approval/ })).not.toBeInTheDocument();
  });

  it('says memories are waiting for approval when none is on display yet', async () => {
    approved = [];
    await openWall();

    expect(screen.getByRole('heading', { name: 'Waiting for Approval' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No memories yet' })).not.toBeInTheDocument();
  });

  it('refreshes both lists on demand', async () => {
    const { user } = await openWall();
    const before = requestsTo('GET', `/api/events/${EVENT_ID}/submissions/pending`).length;
    pending = [];

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    expect(await findToast('Memory wall refreshed')).toBeInTheDocument();
    expect(requestsTo('GET', `/api/events/${EVENT_ID}/submissions/pending`)).toHaveLength(before + 1);
    await waitFor(() => expect(screen.queryByText('Please approve me')).not.toBeInTheDocument());
  });

  it('says so when refreshing fails', async () => {
    const { user } = await openWall();
    listsReply = serverError;

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    const toast = await findToast('Failed to refresh');
    expect(within(toast).getByText('Could not load new memories')).toBeInTheDocument();
  });

  it('sends a customer to the customer wall, and links its Wall Settings on /events/{id}/wall', async () => {
    session.user = makeUser(Role.Customer);
    renderWithProviders(undefined, { route: `/memories/${EVENT_ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer Wall' })).toBeInTheDocument();
  });

  it('offers a customer its wall settings on /events/{id}/wall', async () => {
    session.user = makeUser(Role.Customer);
    await openWall(`/events/${EVENT_ID}/wall`);
    expect(screen.getByRole('link', { name: 'Wall Settings' })).toHaveAttribute('href', `/wall-settings/${EVENT_ID}`);
  });
});

describe('memory wall: live updates', () => {
  it('uses refresh mode while there is no live connection', async () => {
    await openWall(); // no socket server: the connection fails
    expect(screen.getByTestId('wall-live-badge')).toHaveTextContent('Using refresh mode');
  });

  it('merges the hosts feed: a new submission, then its approval, without refetching', async () => {
    live = attachLiveServer(server, EVENT_ID);
    await openWall();
    await waitFor(() => expect(screen.getByTestId('wall-live-badge')).toHaveTextContent('Live updates active'));
    expect(live.sockets).toHaveLength(1); // one socket for both lists
    const fetches = server.requests.length;

    const drawing = hostMemory({
      id: 'n-1',
      type: MemoryType.Drawing,
      content: '',
      author: 'Nia',
      createdAt: '2025-06-02T00:00:00.000Z',
    });
    await live.send({ type: LiveMessageType.NewMemory, memory: drawing });
    expect(await screen.findByRole('heading', { name: 'Submissions awaiting approval (2)' })).toBeInTheDocument();

    const approvedDrawing: HostMemory = { ...drawing, approved: true };
    await live.send({ type: LiveMessageType.MemoryUpdated, memory: approvedDrawing });
    expect(await screen.findByRole('heading', { name: 'Memories on display (3)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Submissions awaiting approval (1)' })).toBeInTheDocument();

    await live.send({ type: LiveMessageType.MemoryDelete, memoryId: 'a-1' });
    expect(await screen.findByRole('heading', { name: 'Memories on display (2)' })).toBeInTheDocument();
    expect(server.requests).toHaveLength(fetches);
  });

  it('fetches the lists again when the feed skips messages', async () => {
    live = attachLiveServer(server, EVENT_ID);
    await openWall();
    await waitFor(() => expect(screen.getByTestId('wall-live-badge')).toHaveTextContent('Live updates active'));
    const fetches = () => requestsTo('GET', `/api/events/${EVENT_ID}/submissions/pending`).length;
    const before = fetches();

    await live.send({ type: LiveMessageType.MemoryDelete, memoryId: 'nothing-1', seq: 1 });
    await live.send({ type: LiveMessageType.MemoryDelete, memoryId: 'nothing-2', seq: 2 });
    expect(fetches()).toBe(before);
    pending = [...pending, hostMemory({ id: 'p-9', content: 'Sent while we were not listening' })];
    await live.send({ type: LiveMessageType.MemoryDelete, memoryId: 'nothing-3', seq: 5 }); // 3 and 4 never came

    expect(await screen.findByText('Sent while we were not listening')).toBeInTheDocument();
    expect(fetches()).toBe(before + 1);
  });

  it('shows refresh mode when the connection drops, and catches up once when it is back', async () => {
    live = attachLiveServer(server, EVENT_ID);
    await openWall();
    const badge = screen.getByTestId('wall-live-badge');
    await waitFor(() => expect(badge).toHaveTextContent('Live updates active'));
    const fetches = requestsTo('GET', `/api/events/${EVENT_ID}/submissions/pending`).length;

    act(() => live!.dropAll());
    await waitFor(() => expect(badge).toHaveTextContent('Using refresh mode'));
    await waitFor(() => expect(badge).toHaveTextContent('Live updates active'), { timeout: 3000 });
    await act(() => realDelay(100));
    expect(requestsTo('GET', `/api/events/${EVENT_ID}/submissions/pending`)).toHaveLength(fetches + 1);
  });

  it('asks for memories every 5 seconds while the connection is down', async () => {
    jest.useFakeTimers({
      doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'queueMicrotask', 'nextTick', 'setImmediate'],
    });
    try {
      renderWithProviders(undefined, { route: `/memories/${EVENT_ID}` });
      const pendingFetches = () => requestsTo('GET', `/api/events/${EVENT_ID}/submissions/pending`).length;
      for (let i = 0; i < 200 && pendingFetches() === 0; i++) await act(() => realDelay(10));
      await act(() => realDelay(50));
      expect(pendingFetches()).toBe(1);

      act(() => jest.advanceTimersByTime(4900));
      await act(() => realDelay(50));
      expect(pendingFetches()).toBe(1);
      act(() => jest.advanceTimersByTime(100));
      for (let i = 0; i < 200 && pendingFetches() === 1; i++) await act(() => realDelay(10));
      expect(pendingFetches()).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
