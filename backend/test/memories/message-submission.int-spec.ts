import { Queue } from 'bullmq';
import { processMemoryJobId, QueueName } from '@memory-wall/contracts';
import { Memory, RedisKeys } from '@memory-wall/core';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { countMemories, createEvent, postMessage } from '@memory-wall/testkit/factories';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

describe('POST /api/events/:eventId/submissions/message', () => {
  const app = useAppStack({ workers: false });

  it('stores a valid message from an anonymous guest and answers 201', async () => {
    const event = await createEvent(app.t.dataSource);
    const res = await postMessage(app.api.url, event.id, {
      name: '  Aunt May ',
      message: 'Congratulations!',
      title: 'Hello',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, memory: { eventId: event.id, approved: false } });
    const stored = await app.t.dataSource.getRepository(Memory).findOneByOrFail({ id: res.body.memory.id });
    expect(stored).toMatchObject({
      author: 'Aunt May',
      content: 'Congratulations!',
      title: 'Hello',
      type: 'message',
      processingState: 'processing',
    });
  });

  it('marks a mostly Chinese message as zh', async () => {
    const event = await createEvent(app.t.dataSource);
    const res = await postMessage(app.api.url, event.id, { name: '小美', message: '祝你们新婚快乐' });
    const stored = await app.t.dataSource.getRepository(Memory).findOneByOrFail({ id: res.body.memory.id });
    expect(stored.language).toBe('zh');
  });

  describe('refuses bad input with a clear 4xx and stores nothing', () => {
    type Case = {
      name: string;
      send: (eventId: string) => ReturnType<typeof postMessage>;
      status: number;
      message: RegExp;
      fields?: Record<string, string>;
    };
    const cases: Case[] = [
      {
        name: 'malformed JSON',
        send: (id) => postMessage(app.api.url, id, undefined, '{"name": "x",'),
        status: 400,
        message: /JSON/,
      },
      {
        name: 'a missing name',
        send: (id) => postMessage(app.api.url, id, { message: 'hi' }),
        status: 400,
        message: /Name is required/,
        fields: { name: 'Name is required' },
      },
      {
        name: 'a blank name',
        send: (id) => postMessage(app.api.url, id, { name: '   ', message: 'hi' }),
        status: 400,
        message: /Name is required/,
        fields: { name: 'Name is required' },
      },
      {
        name: 'a missing message',
        send: (id) => postMessage(app.api.url, id, { name: 'Zed' }),
        status: 400,
        message: /Message is required/,
        fields: { message: 'Message is required' },
      },
      {
        name: 'a non-string message',
        send: (id) => postMessage(app.api.url, id, { name: 'Zed', message: 42 }),
        status: 400,
        message: /Message is required/,
      },
      {
        name: 'a field the caller may not set',
        send: (id) => postMessage(app.api.url, id, { name: 'Zed', message: 'hi', approved: true }),
        status: 400,
        message: /approved should not exist/,
      },
      {
        name: 'an over-long message',
        send: (id) => postMessage(app.api.url, id, { name: 'Zed', message: 'x'.repeat(5001) }),
        status: 400,
        message: /at most 5000/,
      },
      {
        name: 'a malformed event id',
        send: () => postMessage(app.api.url, 'not-a-uuid', { name: 'Zed', message: 'hi' }),
        status: 400,
        message: /Invalid event id/,
      },
      {
        name: 'an unknown event',
        send: () => postMessage(app.api.url, '6f1c1e8e-0000-4000-8000-000000000000', { name: 'Zed', message: 'hi' }),
        status: 404,
        message: /Event not found/,
      },
    ];

    it.each(cases)('$name', async ({ send, status, message, fields }) => {
      const event = await createEvent(app.t.dataSource);
      const res = await send(event.id);
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      if (fields) expect(res.body.fields).toMatchObject(fields);
      expect(await countMemories(app.t.dataSource, event.id)).toBe(0);
    });

    it.each(['draft', 'completed'] as const)('a %s event', async (status) => {
      const event = await createEvent(app.t.dataSource, { status, isPublished: status === 'completed' });
      const res = await postMessage(app.api.url, event.id, { name: 'Zed', message: 'hi' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This event is not accepting memories right now');
      expect(await countMemories(app.t.dataSource, event.id)).toBe(0);
    });
  });

  it('keeps what is stored when a later request is bad', async () => {
    const event = await createEvent(app.t.dataSource);
    await postMessage(app.api.url, event.id, { name: 'First', message: 'kept' });
    await postMessage(app.api.url, event.id, undefined, '{oops');
    expect(await countMemories(app.t.dataSource, event.id)).toBe(1);
  });

  it("stores each of many guests' messages sent at once, answers each with its own memory, and queues each", async () => {
    const event = await createEvent(app.t.dataSource);
    const guests = Array.from({ length: 30 }, (_, i) => `Guest ${i}`);
    const answers = await Promise.all(
      guests.map((name) => postMessage(app.api.url, event.id, { name, message: `From ${name}` })),
    );

    expect(answers.map((a) => a.status)).toEqual(guests.map(() => 201));
    const ids = answers.map((a) => a.body.memory.id as string);
    expect(new Set(ids).size).toBe(30);
    const stored = await app.t.dataSource.getRepository(Memory).findBy(ids.map((id) => ({ id })));
    expect(Object.fromEntries(stored.map((m) => [m.id, m.author]))).toEqual(
      Object.fromEntries(ids.map((id, i) => [id, guests[i]])),
    );
    const queue = new Queue(QueueName.Moderation, {
      connection: { url: app.t.env.REDIS_URL },
      prefix: new RedisKeys(app.t.env.REDIS_PREFIX).queuePrefix,
    });
    try {
      const jobs = await Promise.all(ids.map((id) => queue.getJob(processMemoryJobId(id))));
      expect(jobs.map((job) => job?.data)).toEqual(
        ids.map((memoryId) => ({ memoryId, eventId: event.id, requestId: expect.any(String) })),
      );
    } finally {
      await queue.close();
    }
  });
});

describe('a submission accepted while Redis is unreachable', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let workers: RunningProcess;

  beforeAll(async () => {
    t = await createTestEnvironment();
  });

  afterAll(async () => {
    await Promise.all([api?.stop(), workers?.stop()]);
    await t?.cleanup();
  });

  it('is answered 201, kept in PostgreSQL, and processed by the workers once they reach Redis', async () => {
    // This API instance cannot reach Redis at all (nothing listens there); PostgreSQL is fine.
    const isolated = { ...t.env, REDIS_URL: 'redis://127.0.0.1:1' };
    api = await startApi(isolated, 503);
    const event = await createEvent(t.dataSource);

    const res = await postMessage(api.url, event.id, { name: 'Offline guest', message: 'Still counts' });
    expect(res.status).toBe(201);
    const repo = t.dataSource.getRepository(Memory);
    expect(await repo.findOneByOrFail({ id: res.body.memory.id })).toMatchObject({ processingState: 'processing' });

    // Workers that do reach Redis find it in the outbox and process it.
    workers = startWorkers(t.env);
    const processed = async () => (await repo.findOneByOrFail({ id: res.body.memory.id })).processingState === 'ready';
    await waitFor(processed, 30_000, 'the outbox memory to be processed');
    expect(await repo.findOneByOrFail({ id: res.body.memory.id })).toMatchObject({ approved: true });
  });
});
