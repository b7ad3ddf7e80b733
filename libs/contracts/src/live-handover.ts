import { LIVE_HANDOVER, type LiveJoined } from './live';

/**
 * The two streams of one feed while a client moves from a leaving instance's socket to a new one (LIVE_MOVE),
 * merged into one: the old socket's messages are delivered as they come; the new socket's are held until
 * the old one has delivered everything up to the position the new one joined at, then the client closes the
 * old one and the new one carries on. The feed's numbering (`seq`) does the rest: nothing is missed and
 * nothing arrives twice, and the client is never off its feed. Used by the front end and the test screens.
 */
export class LiveHandover<M extends { seq?: number }> {
  /** The new socket's joined position, once it has joined. */
  private joinedAt?: number;
  private readonly held: M[] = [];
  private done = false;
  private oldReachedJoin = false;

  /** `delivered`: the position the client has reached on the old socket (its joined seq or its last message's). */
  constructor(private delivered: number | undefined) {}

  /** The old socket is no longer needed: close it, ignore what else it sends, take the new one's. */
  get finished(): boolean {
    return this.done;
  }

  /** Whether the old socket delivered everything before the new one's position (false: something may be missing). */
  get caughtUp(): boolean {
    return this.oldReachedJoin;
  }

  /** A message on the old socket: what to deliver now. */
  fromOld(message: M): M[] {
    if (this.done) return [];
    const delivered = this.accept(message);
    return this.reachedJoin() ? [...delivered, ...this.finish()] : delivered;
  }

  /**
   * The new socket joined. `lined up` false: its position cannot follow the old one's (unknown, or the feed
   * numbered from 1 again after Redis lost its data), so the client treats it as any reconnect. A new
   * position a little behind the old one's is lined up: the old socket is done, and the new one's messages
   * that the old one already delivered are dropped.
   */
  newJoined(joined: LiveJoined): { linedUp: boolean; deliver: M[] } {
    const renumbered =
      joined.seq !== null &&
      this.delivered !== undefined &&
      joined.seq < this.delivered - LIVE_HANDOVER.newBehindAtMost;
    if (joined.seq === null || this.delivered === undefined || renumbered) {
      this.done = true;
      this.held.length = 0;
      return { linedUp: false, deliver: [] };
    }
    this.joinedAt = joined.seq;
    return { linedUp: true, deliver: this.reachedJoin() ? this.finish() : [] };
  }

  /** A message on the new socket: held until the old one is done, then delivered unless it was already. */
  fromNew(message: M): M[] {
    if (!this.done) {
      this.held.push(message);
      return [];
    }
    return this.accept(message);
  }

  /** Done with the old socket (caught up, closed, or too slow): what the new one sent meanwhile. */
  finish(): M[] {
    if (this.done) return [];
    this.done = true;
    return this.held.splice(0).flatMap((message) => this.accept(message));
  }

  /** Whether the old socket has now delivered everything up to the new one's position. */
  private reachedJoin(): boolean {
    this.oldReachedJoin ||=
      this.joinedAt !== undefined && this.delivered !== undefined && this.delivered >= this.joinedAt;
    return this.oldReachedJoin;
  }

  private accept(message: M): M[] {
    if (typeof message.seq !== 'number') return [message];
    if (this.delivered !== undefined && message.seq <= this.delivered) return [];
    this.delivered = message.seq;
    return [message];
  }
}
