import {
  LIVE_HANDOVER,
  LIVE_JOINED,
  LIVE_MOVE,
  LIVE_PONG,
  RECONNECT,
  RECONNECT_NOW_CLOSE_CODE,
} from '@memory-wall/contracts';
import { LIVENESS, openLiveSocket, PROBE, type LiveSocketHandlers } from './live';

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
  open(seq = 0) {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
    this.receive({ type: LIVE_JOINED, eventId: 'event-1', feed: 'public', seq });
  }
  /** A feed message numbered `seq`. */
  feed(seq: number) {
    this.receive({ type: 'memory_delete', eventId: 'event-1', seq, ts: 0, memoryId: `m${seq}` });
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

/** One request to the liveness route, answered (or not) when the test says. */
interface Probe {
  url: string;
  init: RequestInit;
  aborted: boolean;
  answer(status?: number): Promise<void>;
  fail(): Promise<void>;
}
let probes: Probe[] = [];

/** A fetch that holds each request until the test answers it, and rejects it when aborted. */
function fakeFetch(url: string, init: RequestInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    const probe: Probe = {
      url,
      init,
      aborted: false,
      answer: async (status = 200) => {
        resolve({ ok: status < 300, status } as Response);
        await jest.advanceTimersByTimeAsync(0);
      },
      fail: async () => {
        reject(new TypeError('Failed to fetch'));
        await jest.advanceTimersByTimeAsync(0);
      },
    };
    init.signal?.addEventListener('abort', () => {
      probe.aborted = true;
      reject(new DOMException('aborted', 'AbortError'));
    });
    probes.push(probe);
  });
}

const latest = () => FakeSocket.all.at(-1)!;
const lastProbe = () => probes.at(-1)!;

/**
 * After the longest backoff the probe is answered: another socket opens (the `sockets`-th), and once open the
 * page is live again.
 */
async function reconnectsOnceTheProbeAnswersAfter(sockets: number) {
  await jest.advanceTimersByTimeAsync(RECONNECT.maxDelayMs);
  await lastProbe().answer();
  expect(FakeSocket.all).toHaveLength(sockets + 1);
  latest().open();
  expect(handlers.connected).toBe(true);
}
const reconnectsOnceTheProbeAnswers = () => reconnectsOnceTheProbeAnswersAfter(1);
const pings = (socket: FakeSocket) => socket.sent.filter((m) => JSON.parse(m).type === 'ping').length;

let handlers: LiveSocketHandlers & { connected: boolean };
const realWebSocket = globalThis.WebSocket;
const realFetch = globalThis.fetch;

beforeEach(() => {
  jest.useFakeTimers();
  FakeSocket.all = [];
  probes = [];
  (globalThis as { WebSocket: unknown }).WebSocket = FakeSocket;
  globalThis.fetch = fakeFetch as typeof fetch;
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
  globalThis.fetch = realFetch;
});

describe('openLiveSocket', () => {
  it('never stops trying, opens no socket while the server does not answer, and connects once it does', async () => {
    const live = openLiveSocket('event-1', handlers);
    latest().open();
    latest().drop();
    for (let i = 0; i < 200; i++) {
      await jest.advanceTimersByTimeAsync(RECONNECT.maxDelayMs);
      await lastProbe().fail();
    }
    expect(probes).toHaveLength(200);
    expect(FakeSocket.all).toHaveLength(1);
    expect(handlers.connected).toBe(false);

    await reconnectsOnceTheProbeAnswers();
    live.close();
  });

  it('asks the liveness route past every cache, without the session cookie', async () => {
    const live = openLiveSocket('event-1', handlers);
    latest().drop();
    await jest.advanceTimersByTimeAsync(RECONNECT.maxDelayMs);
    expect(lastProbe().url).toBe('/api/health/live');
    expect(lastProbe().init).toMatchObject({ cache: 'no-store', credentials: 'omit' });
    live.close();
  });

  it('takes an error status or a probe unanswered within its timeout for a failed try', async () => {
    const live = openLiveSocket('event-1', handlers);
    latest().drop();
    await jest.advanceTimersByTimeAsync(RECONNECT.maxDelayMs);
    await lastProbe().answer(502);
    expect(FakeSocket.all).toHaveLength(1);

    await jest.advanceTimersByTimeAsync(RECONNECT.maxDelayMs);
    const hanging = lastProbe();
    await jest.advanceTimersByTimeAsync(PROBE.timeoutMs);
    expect(hanging.aborted).toBe(true);
    await jest.advanceTimersByTimeAsync(RECONNECT.maxDelayMs);
    expect(probes).toHaveLength(3);
    await lastProbe().answer();
    expect(FakeSocket.all).toHaveLength(2);
    live.close();
  });

  it('asks at once when the browser comes back online or the page becomes visible', async () => {
    const live = openLiveSocket('event-1', handlers);
    latest().drop();
    window.dispatchEvent(new Event('online'));
    expect(probes).toHaveLength(1);
    await lastProbe().answer();
    expect(FakeSocket.all).toHaveLength(2);

    latest().drop();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(probes).toHaveLength(2);
    await lastProbe().answer();
    expect(FakeSocket.all).toHaveLength(3);

    // A try that hangs in a dead network is replaced, not waited for: the hanging socket and probe both.
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all[2].closedByClient).toBe(true);
    const hanging = lastProbe();
    window.dispatchEvent(new Event('online'));
    expect(hanging.aborted).toBe(true);
    await lastProbe().answer();
    expect(FakeSocket.all).toHaveLength(4);
    live.close();
  });

  it('goes offline when an open socket stops carrying data, and connects again', async () => {
    const live = openLiveSocket('event-1', handlers);
    const first = latest();
    first.open();
    // A pong keeps it open, check after check.
    for (let i = 0; i < 5; i++) {
      await jest.advanceTimersByTimeAsync(LIVENESS.checkEveryMs);
      first.receive({ type: LIVE_PONG });
    }
    expect(pings(first)).toBe(5);
    expect(handlers.connected).toBe(true);

    // Silence: the ping goes unanswered, the socket is given up on without waiting for it to close.
    await jest.advanceTimersByTimeAsync(2 * LIVENESS.checkEveryMs);
    expect(handlers.connected).toBe(false);
    expect(first.closedByClient).toBe(true);
    await reconnectsOnceTheProbeAnswers();
    live.close();
  });

  it('gives up on a connection attempt that never opens', async () => {
    const live = openLiveSocket('event-1', handlers);
    await jest.advanceTimersByTimeAsync(2 * LIVENESS.checkEveryMs + RECONNECT.maxDelayMs);
    expect(FakeSocket.all[0].closedByClient).toBe(true);
    await lastProbe().answer();
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

  it('connects again at once, without backoff or probe, when its server shuts down and says so', async () => {
    const live = openLiveSocket('event-1', handlers);
    latest().open();
    latest().drop(RECONNECT_NOW_CLOSE_CODE);
    expect(handlers.connected).toBe(false);
    expect(FakeSocket.all).toHaveLength(2);
    expect(probes).toHaveLength(0);
    latest().open();
    expect(handlers.connected).toBe(true);

    // The next server says so too: at once again (the schedule was not advanced by the first).
    latest().drop(RECONNECT_NOW_CLOSE_CODE);
    expect(FakeSocket.all).toHaveLength(3);

    // That try finds no server: from there on the usual schedule, probe first.
    latest().drop(1006);
    expect(FakeSocket.all).toHaveLength(3);
    await reconnectsOnceTheProbeAnswersAfter(3);
    live.close();
  });

  it('stops for good when the view closes or the gateway refuses the event', async () => {
    const refused = openLiveSocket('event-1', handlers);
    latest().drop(4404);
    window.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(10 * RECONNECT.maxDelayMs);
    expect(probes).toHaveLength(0);
    expect(FakeSocket.all).toHaveLength(1);
    refused.close();

    const left = openLiveSocket('event-1', handlers);
    latest().open();
    latest().drop();
    await jest.advanceTimersByTimeAsync(RECONNECT.maxDelayMs);
    const pending = lastProbe();
    left.close();
    expect(pending.aborted).toBe(true);
    window.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(10 * RECONNECT.maxDelayMs);
    expect(probes).toHaveLength(1);
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('openLiveSocket when its server leaves (LIVE_MOVE)', () => {
  let seen: number[];
  let joins: Array<number | null>;
  let closes: number;
  beforeEach(() => {
    seen = [];
    joins = [];
    closes = 0;
    handlers.onMessage = (message) => seen.push(message.seq);
    handlers.onJoined = (joined) => joins.push(joined.seq);
    handlers.onClose = () => closes++;
  });

  it('moves to a new socket without a moment off the feed, each message once and in order', () => {
    const live = openLiveSocket('event-1', handlers);
    const old = latest();
    old.open(0);
    old.feed(1);
    old.receive({ type: LIVE_MOVE });
    expect(FakeSocket.all).toHaveLength(2);
    const next = latest();
    old.feed(2);
    // The new socket joins ahead of the old one: what it sends waits until the old one has caught up.
    next.open(4);
    next.feed(5);
    expect(old.closedByClient).toBe(false);
    old.feed(3);
    old.feed(4);
    expect(old.closedByClient).toBe(true);
    old.feed(5);
    next.feed(5);
    next.feed(6);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect(joins).toEqual([0]);
    expect(closes).toBe(0);
    expect(handlers.connected).toBe(true);
    live.close();
  });

  it('stays on the old socket when the new one cannot join, and reconnects when the old one is closed', async () => {
    const live = openLiveSocket('event-1', handlers);
    const old = latest();
    old.open(0);
    old.receive({ type: LIVE_MOVE });
    latest().drop(1006);
    old.feed(1);
    expect(seen).toEqual([1]);
    expect(closes).toBe(0);

    // A new socket that never answers is given up on too.
    old.receive({ type: LIVE_MOVE });
    const silent = latest();
    await jest.advanceTimersByTimeAsync(LIVE_HANDOVER.joinWithinMs);
    expect(silent.closedByClient).toBe(true);

    old.drop(RECONNECT_NOW_CLOSE_CODE);
    expect(closes).toBe(1);
    expect(FakeSocket.all).toHaveLength(4);
    live.close();
  });

  it('tells the lists of the new join when the old socket did not deliver up to it (they fetch what they miss)', async () => {
    const live = openLiveSocket('event-1', handlers);
    const old = latest();
    old.open(0);
    old.receive({ type: LIVE_MOVE });
    const next = latest();
    next.open(3);
    next.feed(4);
    old.feed(1);
    await jest.advanceTimersByTimeAsync(LIVE_HANDOVER.catchUpWithinMs);
    expect(old.closedByClient).toBe(true);
    expect(seen).toEqual([1, 4]);
    expect(joins).toEqual([0, 3]);
    expect(closes).toBe(0);
    live.close();
  });

  it('goes over to the new socket at once when the old one closes after the new one joined', () => {
    const live = openLiveSocket('event-1', handlers);
    const old = latest();
    old.open(0);
    old.receive({ type: LIVE_MOVE });
    const next = latest();
    next.open(2);
    old.drop(RECONNECT_NOW_CLOSE_CODE);
    next.feed(3);
    expect(FakeSocket.all).toHaveLength(2);
    expect(seen).toEqual([3]);
    expect(joins).toEqual([0, 2]);
    expect(closes).toBe(0);
    live.close();
  });

  it('takes a new socket whose instance trails the old one by a few messages, and shows nothing twice', () => {
    const live = openLiveSocket('event-1', handlers);
    const old = latest();
    old.open(40);
    old.feed(41);
    old.receive({ type: LIVE_MOVE });
    const next = latest();
    next.open(39);
    next.feed(40);
    next.feed(41);
    next.feed(42);
    expect(old.closedByClient).toBe(true);
    expect(seen).toEqual([41, 42]);
    expect(closes).toBe(0);
    live.close();
  });

  it('treats a new socket on a feed numbered from 1 again as a reconnect', () => {
    const live = openLiveSocket('event-1', handlers);
    const old = latest();
    old.open(400);
    old.receive({ type: LIVE_MOVE });
    latest().open(0);
    latest().feed(1);
    expect(old.closedByClient).toBe(true);
    expect(joins).toEqual([400, 0]);
    expect(seen).toEqual([1]);
    live.close();
  });
});
