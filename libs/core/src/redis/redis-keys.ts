import { liveChannel, liveSequenceKey } from '@memory-wall/contracts';

/** Every Redis key and channel the product uses, under one deployment prefix. */
export class RedisKeys {
  constructor(readonly prefix: string) {}

  liveChannel(eventId: string) {
    return `${this.prefix}:${liveChannel(eventId)}`;
  }

  liveSequence(eventId: string) {
    return `${this.prefix}:${liveSequenceKey(eventId)}`;
  }

  /** The event id of a live channel name, or null for any other channel. */
  eventIdOfChannel(channel: string): string | null {
    const head = `${this.prefix}:${liveChannel('')}`;
    return channel.startsWith(head) ? channel.slice(head.length) : null;
  }

  /** BullMQ's own key prefix. */
  get queuePrefix() {
    return `${this.prefix}:bull`;
  }
}
