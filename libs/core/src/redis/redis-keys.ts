/** What tells an event's hosts' feed from its public one, in its channel, sequence and log names. */
const HOSTS_SUFFIX = ':hosts';
const LIVE_CHANNEL = 'live:event:';

/**
 * Every Redis key and channel the product uses, under one deployment prefix. Server-side only: the browser
 * never sees them.
 */
export class RedisKeys {
  constructor(readonly prefix: string) {}

  /** Pub/sub channel of one event's public live feed: approved content only. */
  liveChannel(eventId: string) {
    return `${this.prefix}:${LIVE_CHANNEL}${eventId}`;
  }

  /** Pub/sub channel of the same event's hosts' feed. */
  hostLiveChannel(eventId: string) {
    return this.liveChannel(eventId) + HOSTS_SUFFIX;
  }

  /** An event's last public live sequence number. */
  liveSequence(eventId: string) {
    return `${this.prefix}:live:seq:${eventId}`;
  }

  hostLiveSequence(eventId: string) {
    return this.liveSequence(eventId) + HOSTS_SUFFIX;
  }

  /** The recent messages of one feed, for filling gaps. */
  liveLog(eventId: string, hosts: boolean) {
    return `${this.prefix}:live:log:${eventId}${hosts ? HOSTS_SUFFIX : ''}`;
  }

  /** Marks a once-only live announcement as made (see LivePublisher.publish). */
  announcement(name: string) {
    return `${this.prefix}:live:announced:${name}`;
  }

  /** The event of a live channel name and whether it is the hosts' feed, or null for any other channel. */
  parseLiveChannel(channel: string): { eventId: string; hosts: boolean } | null {
    const head = this.liveChannel('');
    if (!channel.startsWith(head)) return null;
    const rest = channel.slice(head.length);
    return rest.endsWith(HOSTS_SUFFIX)
      ? { eventId: rest.slice(0, -HOSTS_SUFFIX.length), hosts: true }
      : { eventId: rest, hosts: false };
  }

  /** Control channel: sessions that ended, so gateways close their sockets. */
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

  /** BullMQ's own key prefix. */
  get queuePrefix() {
    return `${this.prefix}:bull`;
  }
}
