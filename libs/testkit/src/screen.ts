import WebSocket from 'ws';
import {
  isFinalCloseCode,
  LIVE_HANDOVER,
  LIVE_JOINED,
  LIVE_MOVE,
  LiveHandover,
  LiveJoined,
  LiveMessage,
  LiveMessageType,
  LIVE_POSITION_HEADER,
  parseLivePosition,
  PublicMemory,
  RECONNECT_NOW_CLOSE_CODE,
} from '@memory-wall/contracts';

/** The front end's reconnection schedule (spec §9, frontend/src/api/live.ts): 1 s doubling, cap 30 s, 10 attempts. */
export const SCREEN_RECONNECT = { baseDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 10 } as const;

/**
 * A venue screen as the front end behaves (frontend/src/api/live.ts + memories.ts), without a browser:
 * it opens /ws?eventId=…, fetches the public wall on every (re)connect, merges each live message into what
 * it shows, fetches the wall again when the feed's `seq` jumps, moves to another instance without leaving its
 * feed when its server asks (LIVE_MOVE, merged by LiveHandover as the front end does), and after an unclean
 * close reconnects on the spec's schedule, or at once when its server says it is shutting down
 * (RECONNECT_NOW_CLOSE_CODE).
 * Everything it did is counted. (The front end fetches on a connect only when the
 * gateway's "joined" position is past its list's; fetching on every connect is the safe superset.)
 */
export class Screen {
  /** What the screen shows: the public wall, by memory id. */
  readonly shown = new Map<string, PublicMemory>();
  /** memory_approved frames received, per memory id (a duplicate shows as a count above 1). */
  readonly approvals = new Map<string, number>();
  readonly messages: LiveMessage[] = [];
  readonly stats = {
    opens: 0,
    uncleanCloses: 0,
    sentAway: 0,
    /** Moves to another instance completed without leaving the feed / given up (the server then closed it). */
    moves: 0,
    movesAbandoned: 0,
    refetches: 0,
    refetchFailures: 0,
    gaps: 0,
    outOfOrder: 0,
    gaveUp: false,
  };
  /** Milliseconds from each unclean close to the next open. */
  readonly reconnectMs: number[] = [];
  /** Milliseconds from each close to the next "joined" (on its feed again): the time without live updates. */
  readonly withoutLiveMs: number[] = [];
  /** Milliseconds from each LIVE_MOVE to the new socket carrying the feed. */
  readonly moveMs: number[] = [];
  /** When each live message arrived (epoch ms). */
  readonly receivedAt: number[] = [];
  /** The local port of the current socket (to ask a proxy where it went). */
  localPort?: number;
  connected = false;

  private socket?: WebSocket;
  private attempts = 0;
  private lastSeq?: number;
  private joinedOnConnection = false;
  private closedAt?: number;
  private offFeedSince?: number;
  private retryTimer?: NodeJS.Timeout;
  private stopped = false;
  private refetching?: Promise<void>;
  private readonly onceOpen: Array<() => void> = [];
  /** A move under way: the socket being opened to another instance, and its join once it joined. */
  private move?: { to: WebSocket; startedAt: number; joined?: LiveJoined; timer?: NodeJS.Timeout };
  /** From a move until the socket's next join: merges, then de-duplicates, the two sockets' messages. */
  private merge?: LiveHandover<LiveMessage>;

  constructor(
    private readonly httpBase: string,
    private readonly wsBase: string,
    readonly eventId: string,
    /**
     * As the front end: after the first connect, fetch the wall on a reconnect only when the socket joined
     * past the position the screen already reflects (its wall's LIVE_POSITION_HEADER, its last message).
     */
    private readonly options: { catchUpOnlyWhenBehind?: boolean } = {},
  ) {}

  /** The public feed's position the screen's wall reflects. */
  private position?: number;

  /** Connects and resolves once the first socket is open and the wall fetched. */
  async start(): Promise<void> {
    const opened = new Promise<void>((resolve) => this.onceOpen.push(resolve));
    this.connect();
    await opened;
    await this.refetching;
  }

  /** Leaves the view: a normal closure, no reconnection. */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.abandonMove();
    this.socket?.close(1000);
  }

  ids(): string[] {
    return [...this.shown.keys()];
  }

  private connect() {
    if (this.stopped) return;
    this.socket = this.open();
  }

  private open(): WebSocket {
    const ws = new WebSocket(`${this.wsBase}/ws?eventId=${this.eventId}`);
    ws.on('open', () => {
      if (ws !== this.socket) return;
      this.localPort = portOf(ws);
      this.connected = true;
      this.attempts = 0;
      this.lastSeq = undefined;
      this.joinedOnConnection = false;
      this.stats.opens++;
      if (this.closedAt !== undefined) this.reconnectMs.push(Date.now() - this.closedAt);
      this.closedAt = undefined;
      if (!this.options.catchUpOnlyWhenBehind || this.position === undefined) this.catchUp();
      this.onceOpen.splice(0).forEach((resolve) => resolve());
    });
    ws.on('message', (data) => this.receive(ws, String(data)));
    ws.on('error', () => undefined); // 'close' follows
    ws.on('close', (code) => this.closed(ws, code));
    return ws;
  }

  private closed(ws: WebSocket, code: number) {
    if (ws === this.move?.to) return this.abandonMove();
    if (this.socket !== ws) return;
    if (this.move?.joined) return this.completeMove();
    this.abandonMove();
    this.socket = undefined;
    if (this.connected) this.closedAt = Date.now();
    if (this.connected) this.offFeedSince ??= Date.now();
    this.connected = false;
    if (this.stopped || isFinalCloseCode(code)) return;
    if (code === RECONNECT_NOW_CLOSE_CODE) {
      this.stats.sentAway++;
      this.connect();
      return;
    }
    this.stats.uncleanCloses++;
    if (this.attempts >= SCREEN_RECONNECT.maxAttempts) {
      this.stats.gaveUp = true;
      return;
    }
    const delay = Math.min(SCREEN_RECONNECT.baseDelayMs * 2 ** this.attempts, SCREEN_RECONNECT.maxDelayMs);
    this.attempts++;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private receive(ws: WebSocket, data: string) {
    let frame: LiveMessage | LiveJoined | { type: typeof LIVE_MOVE };
    try {
      frame = JSON.parse(data) as LiveMessage | LiveJoined | { type: typeof LIVE_MOVE };
    } catch {
      return;
    }
    if (ws === this.move?.to) return this.onMoveFrame(frame);
    if (ws !== this.socket) return;
    if (frame.type === LIVE_MOVE) return this.startMove();
    if (frame.type === LIVE_JOINED) {
      this.merge = undefined;
      return this.joined(frame);
    }
    if (this.move && this.merge) {
      this.merge.fromOld(frame).forEach((message) => this.handle(message));
      if (this.merge.finished) this.completeMove();
      return;
    }
    (this.merge ? this.merge.fromNew(frame) : [frame]).forEach((message) => this.handle(message));
  }

  private joined(frame: LiveJoined) {
    // A second "joined" on one connection: Redis came back empty and the feed numbers from 1 again.
    if (this.joinedOnConnection) this.catchUp();
    else if (this.options.catchUpOnlyWhenBehind && (frame.seq === null || frame.seq > (this.position ?? 0)))
      this.catchUp();
    this.joinedOnConnection = true;
    if (this.offFeedSince !== undefined) this.withoutLiveMs.push(Date.now() - this.offFeedSince);
    this.offFeedSince = undefined;
    this.lastSeq = frame.seq ?? undefined;
  }

  private startMove() {
    if (this.move || this.stopped) return;
    this.merge = new LiveHandover<LiveMessage>(this.lastSeq);
    this.move = { to: this.open(), startedAt: Date.now() };
    this.move.timer = setTimeout(() => this.abandonMove(), LIVE_HANDOVER.joinWithinMs);
  }

  private onMoveFrame(frame: LiveMessage | LiveJoined | { type: typeof LIVE_MOVE }) {
    if (!this.move || !this.merge || frame.type === LIVE_MOVE) return;
    if (frame.type !== LIVE_JOINED) return this.merge.fromNew(frame).forEach((message) => this.handle(message));
    this.move.joined = frame;
    const { linedUp, deliver } = this.merge.newJoined(frame);
    deliver.forEach((message) => this.handle(message));
    if (!linedUp || this.merge.finished) return this.completeMove();
    clearTimeout(this.move.timer);
    this.move.timer = setTimeout(() => this.completeMove(), LIVE_HANDOVER.catchUpWithinMs);
  }

  private completeMove() {
    if (!this.move?.joined || !this.merge) return;
    const { to, joined, timer, startedAt } = this.move;
    clearTimeout(timer);
    this.move = undefined;
    this.merge.finish().forEach((message) => this.handle(message));
    const old = this.socket;
    this.socket = to;
    this.localPort = portOf(to);
    old?.close(1000);
    this.stats.moves++;
    this.moveMs.push(Date.now() - startedAt);
    if (!this.merge.caughtUp) {
      this.merge = undefined;
      this.joinedOnConnection = false;
      this.joined(joined);
    }
  }

  private abandonMove() {
    if (!this.move) return;
    clearTimeout(this.move.timer);
    this.move.to.close();
    this.move = undefined;
    this.merge = undefined;
    this.stats.movesAbandoned++;
  }

  private handle(message: LiveMessage) {
    this.messages.push(message);
    this.receivedAt.push(Date.now());
    if (this.lastSeq !== undefined && typeof message.seq === 'number' && message.seq <= this.lastSeq)
      this.stats.outOfOrder++;
    const gap = this.lastSeq !== undefined && typeof message.seq === 'number' && message.seq > this.lastSeq + 1;
    if (typeof message.seq === 'number') this.lastSeq = Math.max(this.lastSeq ?? 0, message.seq);
    if (typeof message.seq === 'number' && !gap) this.position = Math.max(this.position ?? 0, message.seq);
    this.apply(message);
    if (gap) {
      this.stats.gaps++;
      this.catchUp();
    }
  }

  private liveSinceFetch = new Set<string>();

  private apply(message: LiveMessage) {
    switch (message.type) {
      case LiveMessageType.MemoryApproved:
      case LiveMessageType.NewMemory:
        this.approvals.set(message.memory.id, (this.approvals.get(message.memory.id) ?? 0) + 1);
        this.shown.set(message.memory.id, message.memory);
        this.liveSinceFetch.add(message.memory.id);
        break;
      case LiveMessageType.MemoryUpdate:
      case LiveMessageType.MemoryUpdated:
        if (this.shown.has(message.memory.id)) this.shown.set(message.memory.id, message.memory);
        break;
      case LiveMessageType.MemoryDelete:
        this.shown.delete(message.memoryId);
        this.liveSinceFetch.delete(message.memoryId);
        break;
    }
  }

  /** Fetches the public wall again (at most one at a time; up to 3 tries) and shows it. */
  private catchUp() {
    if (this.refetching) return;
    this.refetching = (async () => {
      this.liveSinceFetch = new Set();
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          this.stats.refetches++;
          const res = await fetch(`${this.httpBase}/api/events/${this.eventId}/memories`);
          if (res.status !== 200) throw new Error(`wall answered ${res.status}`);
          const body = (await res.json()) as { memories: PublicMemory[] };
          const listed = parseLivePosition(res.headers.get(LIVE_POSITION_HEADER));
          if (listed) this.position = Math.max(this.position ?? 0, listed.seq);
          // The fetched wall replaces what was shown, keeping what arrived live while it was on its way.
          const kept = [...this.liveSinceFetch].map((id) => this.shown.get(id)).filter((m): m is PublicMemory => !!m);
          this.shown.clear();
          for (const memory of [...body.memories, ...kept]) this.shown.set(memory.id, memory);
          return;
        } catch {
          this.stats.refetchFailures++;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    })().finally(() => (this.refetching = undefined));
  }
}

const portOf = (ws: WebSocket) => (ws as unknown as { _socket?: { localPort?: number } })._socket?.localPort;
