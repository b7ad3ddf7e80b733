import { LiveMessage } from '@memory-wall/contracts';
import { RedisKeys } from '@memory-wall/core';
import { TestEnvironment } from './test-environment';

/** What an event's feed keeps in Redis for gap filling (its live log), oldest first, as `M`. */
export async function liveLog<M = LiveMessage>(t: TestEnvironment, eventId: string, hosts: boolean): Promise<M[]> {
  const lines = await t.redis.lrange(new RedisKeys(t.env.REDIS_PREFIX).liveLog(eventId, hosts), 0, -1);
  return lines.map((line) => JSON.parse(line) as M);
}
