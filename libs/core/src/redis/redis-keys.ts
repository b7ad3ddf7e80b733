import { hostLiveChannel, liveChannel, liveSequenceKey } from '@memory-wall/contracts';

/** Every Redis key and channel the product uses, under one deployment prefix. */
export class RedisKeys {
  constructor(readonly prefix: string) {}

  liveChannel(eventId: string) {
    return `${this.prefix}:${liveChannel(eventId)}`;
  }

  hostLiveChannel(eventId: string) {
    return `${this.prefix}:${hostLiveChannel(eventId)}`;
  }

  liveSequence(eventId: string) {
    return `${this.prefix}:${liveSequenceKey(eventId)}`;
  }

  /** The recent messages of one feed, for filling gaps. */
  liveLog(eventId: string, hosts: boolean) {
    return `${this.prefix}:live:log:${eventId}${hosts ? ':hosts' : ''}`;
  }

  /** Marks a once-only live announcement as made (see LivePublisher.publish). */
  announcement(name: string) {
    return `${this.prefix}:live:announced:${name}`;
  }

  hostLiveSequence(eventId: string) {
    return `${this.prefix}:${liveSequenceKey(eventId)}:hosts`;
  }

  /** The event of a live channel name and whether it is the hosts' feed, or null for any other channel. */
  parseLiveChannel(channel: string): { eventId: string; hosts: boolean } | null {
    const head = `${this.prefix}:${liveChannel('')}`;
    if (!channel.startsWith(head)) return null;
    const rest = channel.slice(head.length);
    const hostsTail = hostLiveChannel('').slice(liveChannel('').length);
    return rest.endsWith(hostsTail) ? { eventId: rest.slice(0, -hostsTail.length), hosts: true } : { eventId: rest, hosts: false };
  }

  /** Control channel: sessions that ended, so gateways close their sockets. */
  get sessionRevocations() {
    return `${this.prefix}:sessions:revoked`;
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
