import { LIVE_JOINED, LIVE_PONG } from '@memory-wall/contracts';
import { LIVENESS, openLiveSocket, RECONNECT, type LiveSocketHandlers } from './live';

/** A browser WebSocket the test drives: it opens, answers, closes or goes silent when told. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  closedByClient = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closedByClient = true;
    this.readyState = FakeSocket.CLOSED;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
    this.receive({ type: LIVE_JOINED, eventId: 'event-1', feed: 'public', seq: 0 });
  }
  receive(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The server or the network ended it. */
  drop(code = 1006) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
}

const latest = () => FakeSocket.all.at(-1)!;
const pings = (socket: FakeSocket) => socket.sent.filter((m) => JSON.parse(m).type === 'ping').length;

let handlers: LiveSocketHandlers & { connected: boolean };
const realWebSocket = globalThis.WebSocket;

beforeEach(() => {
  jest.useFakeTimers();
  FakeSocket.all = [];
  (globalThis as { WebSocket: unknown }).WebSocket = FakeSocket;
  handlers = {
    connected: false,
    onOpen: () => (handlers.connected = true),
    onClose: () => (handlers.connected = false),
    onJoined: () => undefined,
    onMessage: () => undefined,
  };
});
afterEach(() => {
  jest.useRealTimers();
  (globalThis as { WebSocket: unknown }).WebSocket = realWebSocket;
});

describe('openLiveSocket', () => {
  it('never stops trying to reconnect, and is back within the capped delay once the server answers', () => {
    const live = openLiveSocket('event-1', handlers);
    latest().open();
    for (let i = 0; i < 200; i++) {
      latest().drop();
      jest.advanceTimersByTime(RECONNECT.maxDelayMs);
    }
    expect(FakeSocket.all).toHaveLength(201);
    latest().open();
    expect(handlers.connected).toBe(true);
    live.close();
  });

  it('tries again at once when the browser comes back online or the page becomes visible', () => {
    const live = openLiveSocket('event-1', handlers);
    latest().drop();
    expect(FakeSocket.all).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(2);

    latest().drop();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeSocket.all).toHaveLength(3);

    // A try that hangs in a dead network is replaced, not waited for.
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(4);
    expect(FakeSocket.all[2].closedByClient).toBe(true);
    live.close();
  });

  it('goes offline when an open socket stops carrying data, and connects again', () => {
    const live = openLiveSocket('event-1', handlers);
    const first = latest();
    first.open();
    // A pong keeps it open, check after check.
    for (let i = 0; i < 5; i++) {
      jest.advanceTimersByTime(LIVENESS.checkEveryMs);
      first.receive({ type: LIVE_PONG });
    }
    expect(pings(first)).toBe(5);
    expect(handlers.connected).toBe(true);

    // Silence: the ping goes unanswered, the socket is given up on without waiting for it to close.
    jest.advanceTimersByTime(2 * LIVENESS.checkEveryMs);
    expect(handlers.connected).toBe(false);
    expect(first.closedByClient).toBe(true);
    jest.advanceTimersByTime(RECONNECT.maxDelayMs);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(handlers.connected).toBe(true);
    live.close();
  });

  it('gives up on a connection attempt that never opens', () => {
    const live = openLiveSocket('event-1', handlers);
    jest.advanceTimersByTime(2 * LIVENESS.checkEveryMs + RECONNECT.maxDelayMs);
    expect(FakeSocket.all[0].closedByClient).toBe(true);
    expect(FakeSocket.all).toHaveLength(2);
    live.close();
  });

  it('says Offline at once when the browser goes offline', () => {
    const live = openLiveSocket('event-1', handlers);
    latest().open();
    window.dispatchEvent(new Event('offline'));
    expect(handlers.connected).toBe(false);
    live.close();
  });

  it('stops for good when the view closes or the gateway refuses the event', () => {
    const refused = openLiveSocket('event-1', handlers);
    latest().drop(4404);
    window.dispatchEvent(new Event('online'));
    jest.advanceTimersByTime(10 * RECONNECT.maxDelayMs);
    expect(FakeSocket.all).toHaveLength(1);
    refused.close();

    const left = openLiveSocket('event-1', handlers);
    latest().open();
    left.close();
    window.dispatchEvent(new Event('online'));
    jest.advanceTimersByTime(10 * RECONNECT.maxDelayMs);
    expect(FakeSocket.all).toHaveLength(2);
  });
});
