import { randomUUID } from 'node:crypto';
import { LiveMessageType } from '@memory-wall/contracts';
import { LiveChange, LivePublisher, RedisKeys } from '@memory-wall/core';
import { liveLog } from '@memory-wall/testkit/live-log';
import { useTestEnvironment } from '@memory-wall/testkit/test-environment';

/**
 * LivePublisher runs its script by its SHA (EVALSHA). Redis keeps scripts in memory only, so after a
 * restart it answers NOSCRIPT; the publisher must still publish, in sequence, without losing a message.
 */
describe('LivePublisher', () => {
  const t = useTestEnvironment();
  let keys: RedisKeys;
  beforeAll(() => void (keys = new RedisKeys(t.env.REDIS_PREFIX)));

  const deletion = (memoryId: string): LiveChange => ({
    public: { type: LiveMessageType.MemoryDelete, memoryId },
    hosts: { type: LiveMessageType.MemoryDelete, memoryId },
  });

  it('publishes each change to both feeds in sequence, also after Redis forgot its scripts (as after a restart)', async () => {
    const publisher = new LivePublisher(t.redis, keys);
    const eventId = randomUUID();

    await publisher.publish(eventId, deletion('first'));
    await t.redis.script('FLUSH');
    await publisher.publish(eventId, deletion('second'));
    await publisher.publish(eventId, deletion('third'));

    for (const hosts of [false, true]) {
      expect(
        (await liveLog<{ seq: number; memoryId: string }>(t, eventId, hosts)).map((m) => [m.seq, m.memoryId]),
      ).toEqual([
        [1, 'first'],
        [2, 'second'],
        [3, 'third'],
      ]);
    }
  });
});
