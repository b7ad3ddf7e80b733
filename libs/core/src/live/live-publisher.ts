import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { LiveMessage } from '@memory-wall/contracts';
import { REDIS } from '../redis/redis.module';
import { RedisKeys } from '../redis/redis-keys';

type Unsequenced<M> = M extends LiveMessage ? Omit<M, 'seq' | 'ts' | 'eventId'> : never;

/**
 * Takes the event's next sequence number and publishes in one atomic script, so messages reach the
 * channel in sequence order even when several workers publish for the same event at once.
 * The message is serialised here, once; gateways forward the string as it is.
 */
const PUBLISH_SCRIPT = `
local seq = redis.call('INCR', KEYS[1])
local message = '{"seq":' .. seq .. ',' .. ARGV[1]
redis.call('PUBLISH', KEYS[2], message)
return seq`;

@Injectable()
export class LivePublisher {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
  ) {}

  /** Publishes to every API instance with a viewer of the event; returns the sequence number. */
  async publish(eventId: string, message: Unsequenced<LiveMessage>): Promise<number> {
    const body = JSON.stringify({ ...message, eventId, ts: Date.now() });
    const seq = await this.redis.eval(
      PUBLISH_SCRIPT,
      2,
      this.keys.liveSequence(eventId),
      this.keys.liveChannel(eventId),
      body.slice(1),
    );
    return Number(seq);
  }
}
