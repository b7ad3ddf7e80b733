import { randomUUID } from 'node:crypto';
import { Repository } from 'typeorm';
import { MemoryType, processMemoryJobId, QueueName, renderMediaJobId } from '@memory-wall/contracts';
import { loadConfig, Memory, MemoryQueue, NewMemory, RedisKeys, TypeOrmMemoryRepository } from '@memory-wall/core';
import { MemoryInserts } from '../../src/modules/memories/memory-inserts';
import { createEvent } from '@memory-wall/testkit/factories';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';

/**
 * Submissions that reach the API in the same turn of the event loop share one INSERT (MemoryInserts) and
 * one round trip to Redis (MemoryQueue.tryEnqueue), against the real PostgreSQL and Redis.
 */
describe('group commit of submissions', () => {
  let t: TestEnvironment;
  let eventId: string;

  beforeAll(async () => {
    t = await createTestEnvironment();
    eventId = (await createEvent(t.dataSource)).id;
  });

  afterAll(async () => {
    await t?.cleanup();
  });

  const message = (author: string, event = eventId): NewMemory => ({
    id: randomUUID(),
    eventId: event,
    type: 'message',
    content: `From ${author}`,
    title: null,
    author,
    language: 'en',
    settings: { byHost: false },
  });

  describe('MemoryInserts', () => {
    let repository: Repository<Memory>;
    let inserts: MemoryInserts;
    let query: jest.SpyInstance;

    beforeEach(() => {
      repository = t.dataSource.getRepository(Memory);
      query = jest.spyOn(repository, 'query');
      inserts = new MemoryInserts(new TypeOrmMemoryRepository(repository));
    });

    afterEach(() => query.mockRestore());

    it('stores the submissions of one turn with one INSERT, and each caller hears once its row is committed', async () => {
      const memories = ['Ann', 'Bo', 'Cy', 'Di', 'Ed'].map((name) => message(name));
      expect(await Promise.all(memories.map((m) => inserts.insert(m)))).toEqual([true, true, true, true, true]);

      expect(query).toHaveBeenCalledTimes(1);
      expect(query.mock.calls[0][1]).toEqual(expect.arrayContaining(memories.map((m) => m.id)));
      const stored = await repository.findBy(memories.map((m) => ({ id: m.id })));
      expect(stored.map((m) => m.author).sort()).toEqual(['Ann', 'Bo', 'Cy', 'Di', 'Ed']);
      expect(stored.every((m) => m.processingState === 'processing' && !m.approved)).toBe(true);
    });

    it('stores a submission of a later turn with a statement of its own', async () => {
      await inserts.insert(message('First'));
      await inserts.insert(message('Second'));
      expect(query).toHaveBeenCalledTimes(2);
    });

    it('fails only the submission whose row cannot be stored; the others of its turn are stored', async () => {
      const good = [message('Before'), message('After')];
      const orphan = message('Nobody', randomUUID()); // no such event: the foreign key refuses the row
      const outcomes = await Promise.allSettled([
        inserts.insert(good[0]),
        inserts.insert(orphan),
        inserts.insert(good[1]),
      ]);

      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/foreign key/);
      expect(await repository.countBy(good.map((m) => ({ id: m.id })))).toBe(2);
      expect(await repository.countBy({ id: orphan.id })).toBe(0);
    });
  });

  describe('MemoryQueue.tryEnqueue', () => {
    let queue: MemoryQueue;

    beforeAll(() => {
      queue = new MemoryQueue(loadConfig(t.env), new RedisKeys(t.env.REDIS_PREFIX));
    });

    afterAll(async () => {
      await queue?.onApplicationShutdown();
    });

    it('adds the memories of one turn with one addBulk per queue: messages to moderation, images to the media queue', async () => {
      const moderation = queue.queues[QueueName.Moderation];
      const media = queue.queues[QueueName.Media];
      await moderation.waitUntilReady();
      const addBulk = { moderation: jest.spyOn(moderation, 'addBulk'), media: jest.spyOn(media, 'addBulk') };
      const eventId = randomUUID();
      const messages = [randomUUID(), randomUUID(), randomUUID()];
      const photos = [randomUUID(), randomUUID()];

      const enqueued = [
        ...messages.map((id) => queue.tryEnqueue({ id, eventId, type: MemoryType.Message })),
        ...photos.map((id) => queue.tryEnqueue({ id, eventId, type: MemoryType.Photo })),
      ];
      expect(await Promise.all(enqueued)).toEqual([true, true, true, true, true]);

      expect(addBulk.moderation).toHaveBeenCalledTimes(1);
      expect(addBulk.media).toHaveBeenCalledTimes(1);
      for (const id of messages)
        expect((await moderation.getJob(processMemoryJobId(id)))?.data).toEqual({ memoryId: id, eventId });
      for (const id of photos)
        expect((await media.getJob(renderMediaJobId(id)))?.data).toEqual({ memoryId: id, eventId });
      addBulk.moderation.mockRestore();
      addBulk.media.mockRestore();
    });

    it('answers false for each memory of the turn when Redis is away, and throws nothing', async () => {
      const away = new MemoryQueue(
        loadConfig({ ...t.env, REDIS_URL: 'redis://127.0.0.1:1' }),
        new RedisKeys(t.env.REDIS_PREFIX),
      );
      for (const q of Object.values(away.queues)) q.on('error', () => undefined);
      const eventId = randomUUID();
      try {
        const memories = [
          { id: randomUUID(), eventId, type: MemoryType.Message },
          { id: randomUUID(), eventId, type: MemoryType.Photo },
        ];
        expect(await Promise.all(memories.map((m) => away.tryEnqueue(m)))).toEqual([false, false]);
      } finally {
        await away.onApplicationShutdown();
      }
    });
  });
});
