import { once } from 'node:events';
import { ModerationType } from '@memory-wall/contracts';
import { Memory } from '@memory-wall/core';
import { FakeOpenAi } from '@memory-wall/testkit/fake-openai';
import { createEvent, postMessage } from '@memory-wall/testkit/factories';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

/** How long OpenAI takes to answer the job under way when SIGTERM arrives. */
const OPENAI_ANSWERS_AFTER_MS = 2500;

/** SIGTERM to a workers process (a deploy): the job under way is finished, not cut off, before it exits. */
describe('a workers process shutting down', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let workers: RunningProcess;
  const openai = new FakeOpenAi(OPENAI_ANSWERS_AFTER_MS);

  beforeAll(async () => {
    t = await createTestEnvironment();
    const env = { ...t.env, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: await openai.start() };
    api = await startApi(env);
    workers = startWorkers(env);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([api?.stop(), workers?.stop('SIGKILL')]);
    await openai.stop();
    await t?.cleanup();
  });

  it('finishes the job under way, then exits', async () => {
    const event = await createEvent(t.dataSource, { moderationType: ModerationType.AiModeration });
    const submitted = await postMessage(api.url, event.id, { name: 'Guest', message: 'SLOW but kind words' });
    expect(submitted.status).toBe(201);
    const memoryId = (submitted.body as { memory: { id: string } }).memory.id;
    await waitFor(() => openai.requests.length === 1, 30_000, 'the moderation job to ask OpenAI');

    const exited = once(workers.child, 'exit');
    workers.child.kill('SIGTERM');
    await exited;
    // No other workers process exists: whatever state the memory is in now, the stopped one left it so.
    const memory = await t.dataSource.getRepository(Memory).findOneByOrFail({ id: memoryId });
    expect(memory).toMatchObject({ processingState: 'ready', approved: true });
    expect(workers.output()).not.toMatch(/attempt 1\/\d+ failed/);
  }, 60_000);
});
