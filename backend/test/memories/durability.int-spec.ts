import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import sharp from 'sharp';
import { QueueName } from '@memory-wall/contracts';
import { Memory, RedisKeys } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient } from '@memory-wall/testkit/http';
import { multipart } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';

/** A 12-megapixel photo with noise, so processing takes long enough to be interrupted. */
const bigPhoto = () =>
  sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

describe('a worker killed in the middle of a job', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let storageDir: string;
  let env: Record<string, string>;
  let queue: Queue;
  const workers: RunningProcess[] = [];

  beforeAll(async () => {
    t = await createTestEnvironment();
    storageDir = mkdtempSync(join(tmpdir(), 'mw-kill-'));
    // A short lock, so the job of a dead worker is handed over within seconds.
    env = { ...t.env, STORAGE_DIR: storageDir, WORKER_LOCK_MS: '1500', WORKER_CONCURRENCY: '1' };
    api = await startApi(env);
    queue = new Queue(QueueName.Media, {
      connection: { url: t.env.REDIS_URL },
      prefix: new RedisKeys(t.env.REDIS_PREFIX).queuePrefix,
    });
  });

  afterAll(async () => {
    await queue?.close();
    await Promise.all([api?.stop(), ...workers.map((w) => w.stop())]);
    await t?.cleanup();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it('is finished by another worker: the memory is processed once, with one set of renditions', async () => {
    const event = await createEvent(t.dataSource);
    const photo = await bigPhoto();
    let memoryId = '';
    let killedMidJob = false;
    // Try a few times: the kill must land while the job is running, not after it finished.
    for (let attempt = 0; attempt < 5 && !killedMidJob; attempt++) {
      const res = await new ApiClient(api.url).post(
        `/api/events/${event.id}/submissions/photo`,
        multipart('photo', photo, 'big.jpg', { name: `Try ${attempt}` }),
      );
      memoryId = res.body.memory.id;
      const victim = startWorkers(env);
      workers.push(victim);
      await waitFor(async () => (await queue.getActiveCount()) > 0, 20_000, 'the job to start');
      await victim.stop('SIGKILL');
      killedMidJob =
        (await t.dataSource.getRepository(Memory).findOneByOrFail({ id: memoryId })).processingState === 'processing';
    }
    expect(killedMidJob).toBe(true);

    workers.push(startWorkers(env));
    const memory = await processed(t.dataSource, memoryId, 30_000);
    expect(memory).toMatchObject({
      processingState: 'ready',
      approved: true,
      media: { full: { width: 1920, height: 1440 } },
    });
    const renditions = readdirSync(join(storageDir, 'public/memories', event.id)).filter(
      (f) => f.startsWith(memoryId) && f.endsWith('.webp'),
    );
    expect(renditions.sort()).toEqual([`${memoryId}-card.webp`, `${memoryId}-full.webp`]);
  });
});
