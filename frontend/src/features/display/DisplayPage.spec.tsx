import { act, screen, waitFor } from '@testing-library/react';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  LIVE_JOINED,
  LIVE_POSITION_HEADER,
  LiveMessageType,
  type LiveMessage,
  type PublicMemory,
} from '@memory-wall/contracts';
import { memoriesApi } from '../../api/memories';
import type { AppStore } from '../../app/store';
import { renderWithProviders } from '../../test/renderWithProviders';
import { makeEvent, makeMemory } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/testServer';
import { axeFindings } from '../../test/axe';

const event = makeEvent({ id: 'event-1', name: 'Anna & Ben', wallTitle: 'Our Wedding Wall' });
const first = makeMemory({ id: 'm-1', content: 'Congratulations!', author: 'Carol' });
const second = makeMemory({ id: 'm-2', content: 'So happy for you', author: 'Dan' });

let server: TestServer;
let wss: WebSocketServer;
let sockets: { socket: WebSocket; url: string; closeCode?: number }[];
let approvedMemories: PublicMemory[];
/** When set, memories requests wait for it: a response still on its way. */
let memoriesHeld: Promise<void> | null;
/** The public feed's position the server's list reflects, and where its sockets join the feed. */
let listedAt: number;
let joinsAt: number;

beforeEach(async () => {
  approvedMemories = [first];
  memoriesHeld = null;
  listedAt = 0;
  joinsAt = 0;
  server = await startTestServer(async ({ url }) => {
    if (url === '/api/events/public/event-1') return { status: 200, body: { event } };
    if (url === '/api/events/public/draft')
      return { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Event is not published' } };
    if (url === '/api/events/event-1/memories?approved=true') {
      const memories = approvedMemories; // read when the request arrives, answered when released
      const position = `public:${listedAt}`;
      await memoriesHeld;
      return { status: 200, body: { success: true, memories }, headers: { [LIVE_POSITION_HEADER]: position } };
    }
    return undefined;
  });
  sockets = [];
  wss = new WebSocketServer({ server: server.server, path: '/ws' });
  wss.on('connection', (socket, request) => {
    const entry: (typeof sockets)[number] = { socket, url: request.url ?? '' };
    sockets.push(entry);
    socket.on('close', (code) => (entry.closeCode = code));
    socket.send(JSON.stringify({ type: LIVE_JOINED, eventId: 'event-1', feed: 'public', seq: joinsAt }));
  });
});
afterEach(async () => {
  wss.clients.forEach((client) => client.terminate());
  await new Promise((resolve) => wss.close(resolve));
  await server.close();
});

const memoryFetches = () => server.requests.filter((r) => r.url.startsWith('/api/events/event-1/memories'));
const cards = () => screen.queryAllByTestId('memory-card');
const send = (message: LiveMessage) => act(() => sockets.at(-1)!.socket.send(JSON.stringify(message)));
const envelope = { eventId: 'event-1', seq: 1, ts: 0 };

const selectWallMemories = memoriesApi.endpoints.getMemories.select({ eventId: 'event-1', approved: true });

/** Waits until no memories request is in flight (the list may be fetched again when the socket opens). */
async function memoriesSettled(store: AppStore) {
  await waitFor(() => expect(selectWallMemories(store.getState()).status).toBe('fulfilled'));
}

async function openDisplay() {
  const rendered = renderWithProviders(undefined, { route: '/display/event-1' });
  expect(await screen.findByRole('heading', { name: 'Our Wedding Wall' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('live-badge')).toHaveTextContent('Live'));
  await memoriesSettled(rendered.store);
  return rendered;
}

describe('display page', () => {
  it('shows approved memories and merges live ones without refetching', async () => {
    await openDisplay();
    const fetchesBefore = memoryFetches().length;
    expect(cards()).toHaveLength(1);
    expect(screen.getByText('From Carol')).toBeInTheDocument();
    expect(sockets[0].url).toBe('/ws?eventId=event-1');

    send({ ...envelope, type: LiveMessageType.NewMemory, memory: second });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(cards()[0]).toHaveTextContent('So happy for you');
    expect(cards()[0]).toHaveTextContent('From Dan');

    send({ ...envelope, type: LiveMessageType.MemoryApproved, memory: second });
    send({ ...envelope, type: LiveMessageType.MemoryUpdated, memory: { ...first, content: 'Edited wishes' } });
    await waitFor(() => expect(screen.getByText('Edited wishes')).toBeInTheDocument());
    expect(cards()).toHaveLength(2);

    send({ ...envelope, type: LiveMessageType.MemoryDelete, memoryId: 'm-2' });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(memoryFetches()).toHaveLength(fetchesBefore);
  });

  it('keeps its headings in order: the title, then the memories, then each titled memory (axe heading-order)', async () => {
    approvedMemories = [{ ...first, title: 'Dear Anna' }];
    await openDisplay();
    expect(screen.getByRole('heading', { level: 3, name: 'Dear Anna' })).toBeInTheDocument();
    expect(await axeFindings(['heading-order'])).toEqual([]);
  });

  it('fetches the list once when its socket joined the feed where the list was read', async () => {
    listedAt = 4;
    joinsAt = 4;
    await openDisplay();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(memoryFetches()).toHaveLength(1);
  });

  it('fetches the list again when its socket joined the feed after the list was read', async () => {
    let release!: () => void;
    memoriesHeld = new Promise((resolve) => (release = resolve));
    // The list is read at 4; then the second memory is approved (5) before the socket joins, at 5.
    listedAt = 4;
    joinsAt = 5;
    const rendered = renderWithProviders(undefined, { route: '/display/event-1' });
    await waitFor(() => expect(memoryFetches()).toHaveLength(1));
    approvedMemories = [second, first];
    await waitFor(() => expect(screen.getByTestId('live-badge')).toHaveTextContent('Live'));
    act(() => release());
    await waitFor(() => expect(cards()).toHaveLength(2));
    await memoriesSettled(rendered.store);
    expect(memoryFetches()).toHaveLength(2);
  });

  it('goes offline when the connection drops, reconnects and catches up once', async () => {
    const { store } = await openDisplay();
    const fetchesBefore = memoryFetches().length;

    act(() => sockets[0].socket.terminate());
    await waitFor(() => expect(screen.getByTestId('live-badge')).toHaveTextContent('Offline'));

    await waitFor(() => expect(screen.getByTestId('live-badge')).toHaveTextContent('Live'), { timeout: 3000 });
    expect(sockets).toHaveLength(2);
    await memoriesSettled(store);
    expect(memoryFetches()).toHaveLength(fetchesBefore + 1);
  });

  it('keeps a memory announced while a catch-up fetch was on its way with an older list', async () => {
    const { store } = await openDisplay();
    let release!: () => void;
    memoriesHeld = new Promise((resolve) => (release = resolve));

    // A gap in the sequence (1, then 3) makes the page fetch the list again; the server reads it at once...
    send({ ...envelope, seq: 1, type: LiveMessageType.MemoryUpdated, memory: first });
    send({ ...envelope, seq: 3, type: LiveMessageType.MemoryUpdated, memory: first });
    await waitFor(() => expect(selectWallMemories(store.getState()).status).toBe('pending'));
    // ...then a memory is approved and announced before that older list arrives.
    send({ ...envelope, seq: 4, type: LiveMessageType.MemoryApproved, memory: second });
    await waitFor(() => expect(cards()).toHaveLength(2));

    act(() => release());
    await memoriesSettled(store);
    expect(selectWallMemories(store.getState()).data?.map((m) => m.id)).toEqual(['m-2', 'm-1']);
    expect(cards()).toHaveLength(2);
  });

  it('closes the socket normally when the screen leaves the page', async () => {
    const { unmount } = await openDisplay();
    unmount();
    await waitFor(() => expect(sockets[0].closeCode).toBe(1000));
  });

  it('shows the empty state when nothing is approved yet', async () => {
    approvedMemories = [];
    renderWithProviders(undefined, { route: '/display/event-1' });
    expect(await screen.findByText('No memories available yet')).toBeInTheDocument();
  });

  it.each(['draft', 'missing'])('says the event is not available (%s)', async (id) => {
    renderWithProviders(undefined, { route: `/display/${id}` });
    expect(await screen.findByRole('heading', { name: 'Event Not Available' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(sockets).toHaveLength(0);
  });
});
