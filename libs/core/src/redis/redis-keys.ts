/** What tells an event's hosts' feed from its public one, in its channel, sequence and log names. */
const HOSTS_SUFFIX = ':hosts';
const LIVE_CHANNEL = 'live:event:';

/**
 * Every Redis key and channel the product uses, under one deployment prefix. Server-side only: the browser
 * never sees them.
 *
 * On a Redis Cluster (`cluster`), the keys one command or script uses together must hash to one slot: an
 * event's live keys carry its id as a hash tag ({id}), so each event's feed lives on one shard and the
 * events spread over all of them; BullMQ's prefix is one hash tag, as BullMQ requires. On a single Redis
 * the names stay as they always were (no tags), so an upgrade finds its queues and feeds where they were.
 */
export class RedisKeys {
  constructor(
    readonly prefix: string,
    readonly cluster = false,
  ) {}

  /** The event id as written in its live keys: a hash tag on a cluster. */
  private event(eventId: string) {
    return this.cluster ? `{${eventId}}` : eventId;
  }

  /** Pub/sub channel of one event's public live feed: approved content only (sharded pub/sub on a cluster). */
  liveChannel(eventId: string) {
    return `${this.prefix}:${LIVE_CHANNEL}${this.event(eventId)}`;
  }

  /** Pub/sub channel of the same event's hosts' feed. */
  hostLiveChannel(eventId: string) {
    return this.liveChannel(eventId) + HOSTS_SUFFIX;
  }

  /** An event's last public live sequence number. */
  liveSequence(eventId: string) {
    return `${this.prefix}:live:seq:${this.event(eventId)}`;
  }

  hostLiveSequence(eventId: string) {
    return this.liveSequence(eventId) + HOSTS_SUFFIX;
  }

  /** The recent messages of one feed, for filling gaps. */
  liveLog(eventId: string, hosts: boolean) {
    return `${this.prefix}:live:log:${this.event(eventId)}${hosts ? HOSTS_SUFFIX : ''}`;
  }

  /**
   * Marks a once-only live announcement of an event as made (see LivePublisher.publish); in the event's
   * slot on a cluster, as the publishing script uses it with the event's feed keys.
   */
  announcement(eventId: string, name: string) {
    return `${this.prefix}:live:announced:${this.cluster ? `${this.event(eventId)}:` : ''}${name}`;
  }

  /** The event of a live channel name and whether it is the hosts' feed, or null for any other channel. */
  parseLiveChannel(channel: string): { eventId: string; hosts: boolean } | null {
    const head = `${this.prefix}:${LIVE_CHANNEL}`;
    if (!channel.startsWith(head)) return null;
    const rest = channel.slice(head.length);
    const hosts = rest.endsWith(HOSTS_SUFFIX);
    const event = hosts ? rest.slice(0, -HOSTS_SUFFIX.length) : rest;
    if (!this.cluster) return { eventId: event, hosts };
    return event.startsWith('{') && event.endsWith('}') ? { eventId: event.slice(1, -1), hosts } : null;
  }

  /** Control channel: sessions that ended, so gateways close their sockets (plain pub/sub: every node hears it). */
  get sessionRevocations() {
    return `${this.prefix}:sessions:revoked`;
  }

  /** One signed-in session (see SessionStore). */
  session(sessionId: string) {
    return `${this.prefix}:session:${sessionId}`;
  }

  /** The set of a user's session ids, so that all of them can be ended at once. */
  userSessions(userId: string) {
    return `${this.prefix}:user-sessions:${userId}`;
  }

  /** The counters of one rate limit (rate-limiter-flexible's key prefix). */
  rateLimit(name: string) {
    return `${this.prefix}:rl:${name}`;
  }

  /**
   * BullMQ's own key prefix. A job's keys must share a slot on a cluster, so the prefix is one hash tag
   * there: every queue then lives on one shard (the live feeds, the heavy pub/sub traffic, spread).
   */
  get queuePrefix() {
    return this.cluster ? `{${this.prefix}:bull}` : `${this.prefix}:bull`;
  }
}
