import { jitteredBackoff } from './backoff';
import type { KeepsakeView } from './keepsakes';
import type { PublicMemory } from './memories';
import type { ScreenControls } from './screens';

export const LiveMessageType = {
  NewMemory: 'new_memory',
  MemoryApproved: 'memory_approved',
  MemoryUpdate: 'memory_update',
  MemoryUpdated: 'memory_updated',
  MemoryDelete: 'memory_delete',
  /** The host changed the screens' controls (hold, reveal, delay, layouts): screens apply them and refetch. */
  ScreensUpdated: 'screens_updated',
  /** Hosts' feed only: a keepsake's status or progress changed. */
  KeepsakeUpdated: 'keepsake_updated',
  /** Both feeds: a memory's heart count rose (a guest hearted it). */
  MemoryHearts: 'memory_hearts',
} as const;
export type LiveMessageType = (typeof LiveMessageType)[keyof typeof LiveMessageType];

interface LiveEnvelope<T extends LiveMessageType> {
  type: T;
  eventId: string;
  /** Increases by one per event and message: a gap tells a client it missed something. */
  seq: number;
  /** Server time the message was published, epoch milliseconds. */
  ts: number;
}

/**
 * Public sockets get approved memories only (memory_approved, memory_updated, memory_delete when one
 * leaves the wall). Hosts' sockets also get new_memory for pending ones, with HostMemory fields.
 */
export type LiveMessage =
  | (LiveEnvelope<typeof LiveMessageType.NewMemory | typeof LiveMessageType.MemoryApproved> & {
      memory: PublicMemory;
    })
  | (LiveEnvelope<typeof LiveMessageType.MemoryUpdate | typeof LiveMessageType.MemoryUpdated> & {
      memory: PublicMemory;
    })
  | (LiveEnvelope<typeof LiveMessageType.MemoryDelete> & { memoryId: string })
  | (LiveEnvelope<typeof LiveMessageType.ScreensUpdated> & { screens: ScreenControls })
  | (LiveEnvelope<typeof LiveMessageType.KeepsakeUpdated> & { keepsake: KeepsakeView })
  | (LiveEnvelope<typeof LiveMessageType.MemoryHearts> & { memoryId: string; hearts: number });

/** The memory a message is about; undefined for one about something else (a keepsake, the screens' controls). */
export const memoryIdOf = (message: LiveMessage): string | undefined =>
  'memory' in message ? message.memory.id : 'memoryId' in message ? message.memoryId : undefined;

/** An event's two feeds: the public one (approved content only) and its hosts' one. */
export const LiveFeed = { Public: 'public', Hosts: 'hosts' } as const;
export type LiveFeed = (typeof LiveFeed)[keyof typeof LiveFeed];

/**
 * The gateway's answer to a join, sent once the socket is on its feed: every message after `seq` reaches
 * the socket. `seq` is null when the feed's position is unknown (Redis unreachable).
 */
export const LIVE_JOINED = 'joined';
export interface LiveJoined {
  type: typeof LIVE_JOINED;
  eventId: string;
  feed: LiveFeed;
  seq: number | null;
}

/**
 * Response header of a memories list: `<feed>:<seq>`, a position of the feed the list already reflects.
 * A socket that joined at a later position missed something the list lacks; an earlier one misses nothing.
 */
export const LIVE_POSITION_HEADER = 'x-live-position';
export const formatLivePosition = (feed: LiveFeed, seq: number) => `${feed}:${seq}`;
const LIVE_POSITION = new RegExp(`^(${Object.values(LiveFeed).join('|')}):(\\d+)$`);
export function parseLivePosition(value: string | null | undefined): { feed: LiveFeed; seq: number } | null {
  const match = LIVE_POSITION.exec(value ?? '');
  return match ? { feed: match[1] as LiveFeed, seq: Number(match[2]) } : null;
}

/**
 * What a client may send over the socket. A ping is answered with a pong: a browser cannot see the
 * protocol's own pings, so this is how a screen notices a connection that silently stopped carrying data.
 */
export const ClientMessageType = { Join: 'join', Ping: 'ping' } as const;
export type ClientMessage =
  { type: typeof ClientMessageType.Join; eventId: string } | { type: typeof ClientMessageType.Ping };

/** The gateway's answer to a client's ping. */
export const LIVE_PONG = 'pong';
export interface LivePong {
  type: typeof LIVE_PONG;
}

/**
 * Sent by an API instance that is shutting down (and no longer accepts connections) to each of its sockets,
 * while it goes on forwarding their feeds: the client opens a socket to another instance and leaves this one
 * once the new one carries the feed (see LiveHandover), so a deploy never takes a screen off its feed. A
 * socket still here after LIVE_HANDOVER.serverWaitMs is closed with RECONNECT_NOW_CLOSE_CODE.
 */
export const LIVE_MOVE = 'move';
export interface LiveMove {
  type: typeof LIVE_MOVE;
}
/**
 * A move's time limits. The client gives the new socket `joinWithinMs` to join (else it stays where it is and
 * reconnects when the old one closes), then the old one `catchUpWithinMs` to deliver up to the new one's
 * position (else it fetches what it may have missed). The server keeps a socket for `serverWaitMs`: more
 * than the client's two limits together.
 */
export const LIVE_HANDOVER = {
  joinWithinMs: 3000,
  catchUpWithinMs: 1000,
  serverWaitMs: 5000,
  /**
   * The new socket's joined position is its instance's last delivered message, which may trail the old
   * instance's by the few messages still on their way from Redis: up to this far behind it is the same feed
   * (the client drops what it already has); further behind, the feed was numbered from 1 again (Redis lost
   * its data), and the move is treated as a reconnect.
   */
  newBehindAtMost: 20,
} as const;

/** Close codes the gateway uses for a socket it refuses; clients must not retry these. */
export const LiveCloseCode = { EventNotAvailable: 4403, EventNotFound: 4404, TooManyJoins: 4429 } as const;
/** Reasons the gateway gives when it refuses a join (close reason) or a connection (HTTP body of the refused upgrade). */
export const LiveRefusals = {
  tooManyJoins: 'Too many joins on this connection',
  tooManyConnections: 'Too many live connections from this address',
  // The join could not be decided (the database away): the client reconnects later.
  unavailable: 'Live updates are unavailable for a moment',
} as const;
export const isFinalCloseCode = (code: number) =>
  code === 1000 || (Object.values(LiveCloseCode) as number[]).includes(code);
/** The socket's session ended (logout, password change or reset): reconnecting makes it a public viewer. */
export const SESSION_ENDED_CLOSE_CODE = 4401;
/**
 * The API instance holding the socket is shutting down (a deploy, a scale-in) and no longer accepts
 * connections: the client reconnects at once, without its backoff, and the load balancer sends it to
 * another instance. Not final.
 */
export const RECONNECT_NOW_CLOSE_CODE = 4503;
export const RECONNECT_NOW_REASON = 'This server is restarting: reconnect now';

/** Sent on the session control channel when sessions end, so every gateway can close their sockets. */
export interface SessionRevocation {
  userId: string;
  /** One session (a logout); absent when all of the user's sessions ended. */
  sessionId?: string;
}

/**
 * Reconnection schedule: from 1 s, capped at 1.5 s, and never giving up. A venue screen runs unattended for
 * hours; it must be back within 3 s of the network's return, however long it was gone, and the wait is
 * only part of that: reconnecting, joining and catching up take the rest (docs/reliability.md, scenario 9).
 * The spec's 30 s cap and 10 attempts left screens Offline until someone reloaded them (issue #24).
 */
export const RECONNECT = { baseDelayMs: 1000, maxDelayMs: 1500 } as const;

/**
 * Delay before reconnection attempt number `attempt` (0-based): between half and all of the capped,
 * doubling delay, at random, so the screens a server lost do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  return jitteredBackoff(attempt, { firstMs: RECONNECT.baseDelayMs, maxMs: RECONNECT.maxDelayMs }, random);
}
