import { LiveMessageType, ProcessingState } from '@memory-wall/contracts';
import {
  Event,
  LivePublisher,
  Memory,
  MemoryLifecycle,
  OPEN_SCREENS,
  Metrics,
  RedisKeys,
  TypeOrmEventRepository,
  TypeOrmMemoryRepository,
} from '@memory-wall/core';
import { MemoryProcessor } from '../../../workers/src/processors/memory.processor';
import { createEvent } from '@memory-wall/testkit/factories';
import { liveLog } from '@memory-wall/testkit/live-log';
import { useTestEnvironment } from '@memory-wall/testkit/test-environment';

/**
 * The window between finishing a memory (its UPDATE) and announcing it (the PUBLISH): a workers process
 * killed there, or Redis lost there, must not leave an approved memory that no wall ever hears of.
 * The processor runs in this process against the real database and Redis, its publisher failing once.
 */
describe('announcing a finished memory', () => {
  const t = useTestEnvironment();
  let keys: RedisKeys;
  beforeAll(() => void (keys = new RedisKeys(t.env.REDIS_PREFIX)));

  type Announcement = { type: string; memory?: { id: string } };

  /** A processor whose first publish fails as it does when Redis is lost; later ones go through. */
  function processorLosingRedisOnce() {
    const publisher = new LivePublisher(t.redis, keys);
    let lost = false;
    const flaky = {
      publish: (...args: Parameters<LivePublisher['publish']>) => {
        if (lost) return publisher.publish(...args);
        lost = true;
        return Promise.reject(new Error('Connection is closed.'));
      },
    } as LivePublisher;
    // A text memory of an auto-approved event needs neither AI, storage, the queue nor settings.
    const unused = null as never;
    const memories = new TypeOrmMemoryRepository(t.dataSource.getRepository(Memory));
    return new MemoryProcessor(
      memories,
      new MemoryLifecycle(memories, flaky, OPEN_SCREENS),
      new TypeOrmEventRepository(t.dataSource.getRepository(Event)),
      unused,
      unused,
      unused,
      unused,
      new Metrics(),
    );
  }

  it('is announced by the next run of its job, once, when the run that finished it could not', async () => {
    const event = await createEvent(t.dataSource);
    const memory = await t.dataSource.getRepository(Memory).save({
      eventId: event.id,
      type: 'message',
      content: 'Congratulations!',
      author: 'Aunt May',
      language: 'en',
      processingState: ProcessingState.Processing,
    });
    const processor = processorLosingRedisOnce();

    await expect(processor.process(memory.id)).rejects.toThrow('Connection is closed.');
    expect(await t.dataSource.getRepository(Memory).findOneByOrFail({ id: memory.id })).toMatchObject({
      processingState: 'ready',
      approved: true,
    });
    expect(await liveLog<Announcement>(t, event.id, false)).toEqual([]);

    // BullMQ runs the failed job again; and once more, as after a stall, to show it is not announced twice.
    await processor.process(memory.id);
    await processor.process(memory.id);

    const wall = await liveLog<Announcement>(t, event.id, false);
    const hosts = await liveLog<Announcement>(t, event.id, true);
    expect(wall.map((m) => [m.type, m.memory?.id])).toEqual([[LiveMessageType.MemoryApproved, memory.id]]);
    expect(hosts.map((m) => [m.type, m.memory?.id])).toEqual([[LiveMessageType.MemoryApproved, memory.id]]);
  });
});
