import { once } from 'node:events';
import { ModerationType } from '@memory-wall/contracts';
import { Memory } from '@memory-wall/core';
import { useAppStack } from '@memory-wall/testkit/app-stack';
import { FakeOpenAi } from '@memory-wall/testkit/fake-openai';
import { createEvent, postMessage } from '@memory-wall/testkit/factories';
import { waitFor } from '@memory-wall/testkit/wait';

/** How long OpenAI takes to answer the job under way when SIGTERM arrives. */
const OPENAI_ANSWERS_AFTER_MS = 2500;

/** SIGTERM to a workers process (a deploy): the job under way is finished, not cut off, before it exits. */
describe('a workers process shutting down', () => {
  const openai = new FakeOpenAi(OPENAI_ANSWERS_AFTER_MS);
  const app = useAppStack({ openai: { fake: openai } });

  it('finishes the job under way, then exits', async () => {
    const event = await createEvent(app.t.dataSource, { moderationType: ModerationType.AiModeration });
    const submitted = await postMessage(app.api.url, event.id, { name: 'Guest', message: 'SLOW but kind words' });
    expect(submitted.status).toBe(201);
    const memoryId = (submitted.body as { memory: { id: string } }).memory.id;
    await waitFor(() => openai.requests.length === 1, 30_000, 'the moderation job to ask OpenAI');

    const workers = app.workers!;
    const exited = once(workers.child, 'exit');
    workers.child.kill('SIGTERM');
    await exited;
    // No other workers process exists: whatever state the memory is in now, the stopped one left it so.
    const memory = await app.t.dataSource.getRepository(Memory).findOneByOrFail({ id: memoryId });
    expect(memory).toMatchObject({ processingState: 'ready', approved: true });
    expect(workers.output()).not.toMatch(/attempt 1\/\d+ failed/);
  }, 60_000);
});
