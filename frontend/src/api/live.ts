import {
  ClientMessageType,
  isFinalCloseCode,
  LIVE_HANDOVER,
  LIVE_JOINED,
  LIVE_MOVE,
  LIVE_PONG,
  LiveHandover,
  LiveMessageType,
  matchesFilter,
  parseLivePosition,
  ProcessingState,
  RECONNECT_NOW_CLOSE_CODE,
  reconnectDelay,
  type HostMemory,
  type LiveJoined,
  type LiveMessage,
  type LiveMove,
  type MemoryFilter,
  type LivePong,
  type PublicMemory,
} from '@memory-wall/contracts';
import { apiBaseUrl, liveSocketUrl } from './config';

/**
 * A connection can stop carrying data without closing (a venue router that drops everything): the browser
 * then keeps the socket "open" for minutes. Every `checkEveryMs` the socket is pinged; one that received
 * nothing since the last check (no pong, no message, not even its opening handshake) is taken for lost.
 */
export const LIVENESS = { checkEveryMs: 5000 } as const;

/** A list's filter (libs/contracts memory-state.ts says which memories each holds). */
export type { MemoryFilter };

/**
 * Whether a memory belongs in a list. A public memory (no moderation fields) is on the wall: the public
 * feed carries nothing else.
 */
function belongsIn(memory: PublicMemory | HostMemory, filter: MemoryFilter): boolean {
  return matchesFilter(
    'approved' in memory
      ? memory
      : { approved: true, flagged: false, processingState: ProcessingState.Ready, moderation: null },
    filter,
  );
}

/**
 * The memories list after one live message, for a list holding `filter` (default: the public wall).
 * Works for both feeds: the public one (approved content only) and the hosts' one, whose new_memory is a
 * pending, held or failed memory and whose memory_updated may move a memory between lists. A memory that
 * no longer matches the list leaves it; one that now matches joins it, in newest-first order (a public
 * update never adds one: it edits what the wall shows).
 * Returns the same array when nothing changes.
 */
export function applyLiveMessage<M extends PublicMemory>(
  memories: M[],
  message: LiveMessage,
  filter: MemoryFilter = 'approved',
): M[] {
  switch (message.type) {
    case LiveMessageType.NewMemory:
    case LiveMessageType.MemoryApproved:
      return upsertMemory(memories, message.memory as M, filter);
    case LiveMessageType.MemoryUpdate:
    case LiveMessageType.MemoryUpdated:
      // A host's update says where the memory belongs now (approved: on display; flagged: for review).
      // A public one only edits what the wall already shows.
      if ('approved' in message.memory || memories.some((m) => m.id === message.memory.id)) {
        return upsertMemory(memories, message.memory as M, filter);
      }
      return memories;
    case LiveMessageType.MemoryDelete:
      return removeMemory(memories, message.memoryId);
    case LiveMessageType.MemoryHearts:
      return withHearts(memories, message.memoryId, message.hearts);
    default:
      return memories;
  }
}

/** Puts a memory in the list, replaces it, or takes it out, as its state asks. */
export function upsertMemory<M extends PublicMemory>(memories: M[], memory: M, filter: MemoryFilter): M[] {
  const index = memories.findIndex((m) => m.id === memory.id);
  if (!belongsIn(memory, filter)) return index < 0 ? memories : removeMemory(memories, memory.id);
  if (index >= 0) {
    const next = memories.slice();
    // A change read before a heart may be announced after it: the higher count stands (see withHearts).
    next[index] = memory.hearts < memories[index].hearts ? { ...memory, hearts: memories[index].hearts } : memory;
    return next;
  }
  // Lists are newest first: before the first memory that is not newer than this one.
  const at = memories.findIndex((m) => m.createdAt <= memory.createdAt);
  const next = memories.slice();
  next.splice(at < 0 ? next.length : at, 0, memory);
  return next;
}

/**
 * The list with a memory's new heart count. Counts only rise, and two hearts' announcements may arrive in
 * the other order than their counts (each is published after its own statement): the higher count stands.
 */
export function withHearts<M extends PublicMemory>(memories: M[], memoryId: string, hearts: number): M[] {
  const index = memories.findIndex((m) => m.id === memoryId);
  if (index < 0 || memories[index].hearts >= hearts) return memories;
  const next = memories.slice();
  next[index] = { ...memories[index], hearts };
  return next;
}

export function removeMemory<M extends PublicMemory>(memories: M[], memoryId: string): M[] {
  return memories.some((m) => m.id === memoryId) ? memories.filter((m) => m.id !== memoryId) : memories;
}

/**
 * Whether a list read at `listed` (its LIVE_POSITION_HEADER) lacks something a socket joined at `joined`
 * will never send: what was published between the two. Unknown positions count as a miss.
 */
export function missedBetween(listed: string | null | undefined, joined: LiveJoined): boolean {
  const position = parseLivePosition(listed);
  return !position || joined.seq === null || position.feed !== joined.feed || position.seq < joined.seq;
}

const knownTypes = new Set<string>(Object.values(LiveMessageType));

/**
 * A LiveMessage (or the gateway's LiveJoined, LivePong or LiveMove) from a socket frame, or null when the
 * frame is none of them (spec: log and ignore).
 */
export function parseLiveMessage(data: unknown): LiveMessage | LiveJoined | LivePong | LiveMove | null {
  let message: unknown;
  try {
    message = typeof data === 'string' ? JSON.parse(data) : null;
  } catch {
    message = null;
  }
  if (!message || typeof message !== 'object') return null;
  if ((message as LivePong).type === LIVE_PONG) return message as LivePong;
  if ((message as LiveMove).type === LIVE_MOVE) return message as LiveMove;
  if ((message as LiveJoined).type === LIVE_JOINED) {
    const { feed, seq } = message as Partial<LiveJoined>;
    return typeof feed === 'string' && (seq === null || typeof seq === 'number') ? (message as LiveJoined) : null;
  }
  if (!knownTypes.has((message as { type?: string }).type ?? '')) return null;
  const candidate = message as Partial<Record<'type' | 'memoryId' | 'hearts', unknown>> & {
    memory?: { id?: unknown };
    screens?: { layouts?: unknown };
    keepsake?: { id?: unknown };
  };
  const valid =
    candidate.type === LiveMessageType.MemoryDelete
      ? typeof candidate.memoryId === 'string'
      : candidate.type === LiveMessageType.MemoryHearts
        ? typeof candidate.memoryId === 'string' && Number.isInteger(candidate.hearts)
        : candidate.type === LiveMessageType.ScreensUpdated
          ? typeof candidate.screens?.layouts === 'object' && candidate.screens.layouts !== null
          : candidate.type === LiveMessageType.KeepsakeUpdated
            ? typeof candidate.keepsake?.id === 'string'
            : typeof candidate.memory?.id === 'string';
  return valid ? (message as LiveMessage) : null;
}

export interface LiveSocketHandlers {
  onMessage(message: LiveMessage): void;
  /** The socket is on its feed: every message after `joined.seq` will come. */
  onJoined(joined: LiveJoined): void;
  onOpen(): void;
  onClose(): void;
}

export interface LiveSocket {
  close(): void;
}

const PING = JSON.stringify({ type: ClientMessageType.Ping });

/**
 * After a socket was lost, the server is asked whether it answers (GET /api/health/live) before another
 * socket is opened, and no socket is opened while it does not: Chromium delays each new WebSocket of a
 * page by up to 5 s once many of its attempts have failed (its per-process WebSocket throttle, which
 * counts failures over minutes), so a screen that kept opening sockets through a 10-minute outage was
 * kept waiting seconds after the network's return. Plain requests are not throttled. A probe that gets
 * no answer within `timeoutMs` (a network that swallows packets) counts as a failed one.
 */
export const PROBE = { timeoutMs: 2000 } as const;

const liveProbeUrl = () => `${apiBaseUrl()}/health/live`;

/**
 * Opens the live socket of an event and keeps it open. A server that shuts down first asks it to move
 * (LIVE_MOVE): it opens a socket to another instance while the old one goes on delivering, and leaves the
 * old one once the new one carries the feed (LiveHandover), so the view never goes off its feed; one that
 * closes it with RECONNECT_NOW_CLOSE_CODE instead gets a new socket at once. After an unclean close (anything
 * but a normal 1000 closure or the gateway refusing the event, so a restarting server's 1001 counts), or a
 * connection that stopped carrying data (LIVENESS), it probes the server on the RECONNECT schedule (PROBE)
 * and connects again once the server answers, for as long as the view is open; it probes at once when the
 * browser says it is back online or the page becomes visible again (timers of a hidden page are slowed
 * down). The server picks the feed from the session cookie: the event's hosts get the hosts' feed, everyone
 * else the public one.
 */
export function openLiveSocket(eventId: string, handlers: LiveSocketHandlers): LiveSocket {
  /** The socket the view is on. */
  let socket: WebSocket | null = null;
  let watchdog: ReturnType<typeof setInterval> | undefined;
  /** Whether `socket` received anything since the last liveness check. */
  let heard = true;
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The probe under way, if any: aborted when a newer one starts or the view closes. */
  let probe: AbortController | undefined;
  /** Left by the view, or refused by the gateway: no more connecting. */
  let finished = false;
  /** The feed position the view has reached: the last joined seq or message seq. */
  let position: number | undefined;
  /** A move under way: the socket being opened to another instance, and its join once it joined. */
  let move: { to: WebSocket; joined?: LiveJoined; timer?: ReturnType<typeof setTimeout> } | undefined;
  /** From a move until the socket's next join: merges, then de-duplicates, the two sockets' messages. */
  let merge: LiveHandover<LiveMessage> | undefined;

  const deliver = (messages: LiveMessage[]) => {
    for (const message of messages) {
      if (typeof message.seq === 'number') position = message.seq;
      handlers.onMessage(message);
    }
  };

  const watch = (ws: WebSocket) => {
    heard = true;
    clearInterval(watchdog);
    watchdog = setInterval(() => {
      if (!heard) return lost(ws);
      heard = false;
      if (ws.readyState === WebSocket.OPEN) ws.send(PING);
    }, LIVENESS.checkEveryMs);
  };

  /** A socket to the event's feed; only the one the view is on (or a move's) is listened to. */
  const open = () => {
    const ws = new WebSocket(liveSocketUrl(eventId));
    ws.onopen = () => {
      if (ws !== socket) return;
      heard = true;
      attempts = 0;
      handlers.onOpen();
    };
    ws.onmessage = (event: MessageEvent) => {
      if (ws === socket) heard = true;
      const message = parseLiveMessage(event.data);
      if (!message) console.warn('Ignoring malformed live message', event.data);
      else if (message.type === LIVE_PONG) return;
      else if (ws === move?.to) onMoveMessage(message);
      else if (ws !== socket) return;
      else if (message.type === LIVE_MOVE) startMove();
      else if (message.type === LIVE_JOINED) {
        merge = undefined;
        position = message.seq ?? undefined;
        handlers.onJoined(message);
      } else if (move && merge) {
        deliver(merge.fromOld(message));
        if (merge.finished) completeMove();
      } else deliver(merge ? merge.fromNew(message) : [message]);
    };
    ws.onclose = (event: CloseEvent) =>
      ended(ws, event.code === RECONNECT_NOW_CLOSE_CODE ? 'now' : isFinalCloseCode(event.code) ? 'finished' : 'later');
    return ws;
  };

  const connect = () => {
    clearTimeout(retryTimer);
    socket = open();
    watch(socket);
  };

  /** The server is leaving: open a socket to another instance, and stay on this one until it carries the feed. */
  const startMove = () => {
    if (move || finished) return;
    merge = new LiveHandover<LiveMessage>(position);
    move = { to: open() };
    move.timer = setTimeout(abandonMove, LIVE_HANDOVER.joinWithinMs);
  };

  const onMoveMessage = (message: LiveMessage | LiveJoined | LiveMove) => {
    if (!move || !merge || message.type === LIVE_MOVE) return;
    if (message.type !== LIVE_JOINED) return deliver(merge.fromNew(message));
    move.joined = message;
    const { linedUp, deliver: ready } = merge.newJoined(message);
    deliver(ready);
    if (!linedUp || merge.finished) return completeMove();
    clearTimeout(move.timer);
    move.timer = setTimeout(completeMove, LIVE_HANDOVER.catchUpWithinMs);
  };

  /**
   * The new socket carries the feed: the view goes over to it and closes the old one. If the old one did not
   * deliver everything before the new one's position, the new join is told, as after any reconnect.
   */
  const completeMove = () => {
    if (!move?.joined || !merge) return;
    const { to, joined, timer } = move;
    clearTimeout(timer);
    move = undefined;
    deliver(merge.finish());
    const old = socket;
    socket = to;
    watch(to);
    old?.close(1000);
    if (!merge.caughtUp) {
      merge = undefined;
      position = joined.seq ?? undefined;
      handlers.onJoined(joined);
    }
  };

  /** The new socket did not make it: stay on the old one, whose closing says what to do next. */
  const abandonMove = () => {
    if (!move) return;
    const { to, timer } = move;
    clearTimeout(timer);
    move = undefined;
    merge = undefined;
    to.close();
  };

  /** Asks whether the server answers: connects if it does, asks again later if not. */
  const probeServer = () => {
    clearTimeout(retryTimer);
    probe?.abort();
    const current = new AbortController();
    probe = current;
    const timeout = setTimeout(() => current.abort(), PROBE.timeoutMs);
    // No cookie (the route reads no session) and past every cache, the service worker's included: only
    // the server itself may answer.
    void fetch(liveProbeUrl(), { cache: 'no-store', credentials: 'omit', signal: current.signal })
      .then(
        (response) => response.ok,
        () => false,
      )
      .then((answered) => {
        clearTimeout(timeout);
        if (probe !== current || finished) return;
        probe = undefined;
        if (answered) connect();
        else retryLater();
      });
  };

  const retryLater = () => {
    retryTimer = setTimeout(probeServer, reconnectDelay(attempts));
    attempts += 1;
  };

  /**
   * A socket ended. A move's new socket: the move is off. The socket the view is on: tell the lists, and try
   * again unless that was final (a move under way is dropped: the new socket has not joined). `now`: its
   * server is shutting down and told it to reconnect at once (another instance takes it), so neither the
   * backoff nor the probe applies; should that try fail, the schedule does.
   */
  const ended = (ws: WebSocket, next: 'finished' | 'later' | 'now') => {
    if (ws === move?.to) return abandonMove();
    if (socket !== ws) return;
    if (move?.joined) return completeMove();
    abandonMove();
    socket = null;
    clearInterval(watchdog);
    handlers.onClose();
    if (next === 'finished') finished = true;
    if (finished) return;
    if (next === 'now') connect();
    else retryLater();
  };

  /** Given up on without waiting for the browser to agree (a lost connection may take minutes to close). */
  const lost = (ws: WebSocket) => {
    ended(ws, 'later');
    ws.close();
  };

  /** The network may be back: unless a socket is open, ask the server now (a try stuck connecting is dropped). */
  const tryNow = () => {
    if (finished) return;
    if (socket?.readyState === WebSocket.OPEN) return void socket.send(PING);
    if (socket) {
      const stuck = socket;
      socket = null;
      clearInterval(watchdog);
      stuck.close();
    }
    probeServer();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') tryNow();
  };
  // The browser knows the network is gone: say so now rather than after the next liveness check.
  const onOffline = () => {
    if (socket?.readyState === WebSocket.OPEN) lost(socket);
  };
  window.addEventListener('online', tryNow);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);

  connect();

  return {
    close() {
      finished = true;
      clearTimeout(retryTimer);
      probe?.abort();
      clearInterval(watchdog);
      abandonMove();
      window.removeEventListener('online', tryNow);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
      const ws = socket;
      socket = null;
      ws?.close(1000);
      if (ws) handlers.onClose();
    },
  };
}

/** What one cached list wants from its event's socket. */
export interface LiveListener {
  onMessage(message: LiveMessage): void;
  /** The socket opened or closed (also called at once on subscribing to an open socket). */
  onConnectionChange(connected: boolean): void;
  /**
   * The socket joined its feed at `joined.seq`. `again`: not this socket's first join (a reconnect, or
   * the feed restarted), so something may have been missed. Not called for a socket joined before the
   * listener came: a list fetched after the join misses nothing.
   */
  onJoined(joined: LiveJoined, again: boolean): void;
  /** Messages were lost on the way (a gap in `seq`): fetch the list again. */
  onCatchUp(): void;
}

interface SharedSocket {
  socket: LiveSocket;
  listeners: Set<LiveListener>;
  connected: boolean;
  /** Last `seq` seen on the current connection. */
  lastSeq?: number;
  /** Whether the socket has joined its feed before (on any connection). */
  joinedBefore: boolean;
}

const shared = new Map<string, SharedSocket>();

/**
 * One socket per event, however many lists of that event are on screen (the host wall has two, the
 * moderation page three). Closed normally when the last list goes.
 */
export function subscribeLive(eventId: string, listener: LiveListener): () => void {
  let entry = shared.get(eventId);
  if (!entry) {
    const created: SharedSocket = {
      listeners: new Set(),
      connected: false,
      joinedBefore: false,
      socket: { close() {} },
    };
    const each = (fn: (l: LiveListener) => void) => [...created.listeners].forEach(fn);
    created.socket = openLiveSocket(eventId, {
      onOpen: () => {
        created.connected = true;
        created.lastSeq = undefined;
        each((l) => l.onConnectionChange(true));
      },
      onJoined: (joined) => {
        // Messages before it are its feed's up to joined.seq; numbering goes on from there.
        created.lastSeq = joined.seq ?? undefined;
        const again = created.joinedBefore;
        created.joinedBefore = true;
        each((l) => l.onJoined(joined, again));
      },
      onClose: () => {
        created.connected = false;
        each((l) => l.onConnectionChange(false));
      },
      onMessage: (message) => {
        // Each feed numbers its messages 1, 2, 3...: a jump means messages were lost on the way.
        const gap =
          created.lastSeq !== undefined && typeof message.seq === 'number' && message.seq > created.lastSeq + 1;
        if (typeof message.seq === 'number') created.lastSeq = Math.max(created.lastSeq ?? 0, message.seq);
        each((l) => l.onMessage(message));
        if (gap) each((l) => l.onCatchUp());
      },
    });
    shared.set(eventId, created);
    entry = created;
  }
  const current = entry;
  current.listeners.add(listener);
  if (current.connected) listener.onConnectionChange(true);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size === 0 && shared.get(eventId) === current) {
      shared.delete(eventId);
      current.socket.close();
    }
  };
}
