import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { In } from 'typeorm';
import { Memory } from '@memory-wall/core';
import { createEvent, postMessage } from '@memory-wall/testkit/factories';
import { ApiClient } from '@memory-wall/testkit/http';
import { gpsTaggedJpeg, multipart } from '@memory-wall/testkit/images';
import { processed } from '@memory-wall/testkit/memories';
import { OwnRedis } from '@memory-wall/testkit/own-redis';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';
import { FaultScenario, percentile, pool, sleep } from './scenario';

const OUTAGE_MS = 30_000;
const SUBMISSIONS = 200;
const PHOTO_EVERY = 5; // 2 in 5 are photos: 80 photos, 120 messages
const SPREAD_MS = 20_000; // the submissions are spread over the first 20 s of the outage

const scenario = new FaultScenario({
  id: 1,
  title: 'Redis unreachable for 30 s while guests submit',
  tried:
    `API and workers on a redis-server of their own; the server is stopped for ${OUTAGE_MS / 1000} s (its port refuses connections) and restarted empty; ` +
    `during the outage guests submit ${SUBMISSIONS} memories (messages and small GPS-tagged photos), spread over ${SPREAD_MS / 1000} s.`,
});

describe('fault 1: Redis unreachable for 30 s while guests submit 200 messages and photos', () => {
  let t: TestEnvironment;
  let redis: OwnRedis;
  let api: RunningProcess;
  let workers: RunningProcess;
  let storageDir: string;

  beforeAll(async () => {
    t = await createTestEnvironment();
    redis = await OwnRedis.start();
    storageDir = mkdtempSync(join(tmpdir(), 'mw-fault-redis-'));
    const env = {
      ...t.env,
      REDIS_URL: redis.url,
      STORAGE_DIR: storageDir,
      SUBMISSIONS_PER_MINUTE: '100000',
      WORKER_CONCURRENCY: '4',
    };
    api = await startApi(env);
    workers = startWorkers(env);
  }, 120_000);

  afterAll(async () => {
    scenario.save();
    await Promise.all([api?.stop(), workers?.stop()]);
    await redis?.destroy();
    await t?.cleanup();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  }, 60_000);

  it(
    'stores every submission answered 2xx and processes it once Redis is back: none lost',
    () =>
      scenario.run(async (s) => {
        const event = await createEvent(t.dataSource);
        const guest = new ApiClient(api.url);
        const repo = t.dataSource.getRepository(Memory);

        // The pipeline works before the fault.
        const before = await postMessage(api.url, event.id, { name: 'Early guest', message: 'Before the outage' });
        expect(before.status).toBe(201);
        expect(await processed(t.dataSource, before.body.memory.id, 30_000)).toMatchObject({
          processingState: 'ready',
          approved: true,
        });
        const photos = await Promise.all([800, 640, 720, 960].map((w) => gpsTaggedJpeg(w, Math.round((w * 3) / 4))));

        // Redis goes away.
        await redis.stop();
        const outageStart = Date.now();
        await waitFor(
          async () => (await fetch(`${api.url}/api/health`)).status === 503,
          15_000,
          'the API to report Redis down',
        );

        type Result = { kind: 'message' | 'photo'; status: number; id?: string; ms: number };
        const results = await pool(
          16,
          Array.from({ length: SUBMISSIONS }, (_, i) => async (): Promise<Result> => {
            // Paced: submission i starts at outageStart + i * SPREAD_MS / SUBMISSIONS at the earliest.
            await sleep(Math.max(0, outageStart + (i * SPREAD_MS) / SUBMISSIONS - Date.now()));
            const kind = i % PHOTO_EVERY < 2 ? 'photo' : 'message';
            const started = Date.now();
            try {
              const res =
                kind === 'photo'
                  ? await guest.post(
                      `/api/events/${event.id}/submissions/photo`,
                      multipart('photo', photos[i % photos.length], `IMG_${i}.JPG`, {
                        name: `Guest ${i}`,
                        photoCaption: `Photo ${i}`,
                      }),
                    )
                  : await guest.post(`/api/events/${event.id}/submissions/message`, {
                      name: `Guest ${i}`,
                      message: `Message ${i} during the outage`,
                    });
              return { kind, status: res.status, id: res.body?.memory?.id, ms: Date.now() - started };
            } catch {
              return { kind, status: 0, ms: Date.now() - started };
            }
          }),
        );
        const submitEnd = Date.now();
        const accepted = results.filter((r) => r.status >= 200 && r.status < 300 && r.id);
        const acceptedIds = accepted.map((r) => r.id!);
        const latencies = results.map((r) => r.ms);
        s.figure('submitted during the outage', SUBMISSIONS);
        s.figure(
          'messages / photos submitted',
          `${results.filter((r) => r.kind === 'message').length} / ${results.filter((r) => r.kind === 'photo').length}`,
        );
        s.key('accepted (2xx)', accepted.length);
        s.figure('refused or failed (non-2xx)', results.length - accepted.length);
        s.figure(
          'answer time during the outage, p50 / p95 / max',
          `${percentile(latencies, 50)} / ${percentile(latencies, 95)} / ${Math.max(...latencies)}`,
          'ms',
        );
        s.figure('submissions finished after outage start', Math.round((submitEnd - outageStart) / 100) / 10, 's');

        // Still during the outage: every accepted submission is already in PostgreSQL, waiting.
        expect(redis.running).toBe(false);
        const storedDuringOutage = await repo.countBy({ id: In(acceptedIds) });
        s.figure('stored in PostgreSQL while Redis was down', storedDuringOutage);
        expect(storedDuringOutage).toBe(accepted.length);
        s.holds(
          `every accepted submission was in PostgreSQL while Redis was still down (${storedDuringOutage} of ${accepted.length})`,
        );
        expect(accepted.length).toBe(SUBMISSIONS);
        s.holds(`the API answered 201 to all ${SUBMISSIONS} submissions while Redis was unreachable`);

        // Keep Redis away for the full outage, then bring it back (empty: it kept nothing).
        await sleep(Math.max(0, outageStart + OUTAGE_MS - Date.now()));
        expect(api.child.exitCode).toBeNull();
        expect(workers.child.exitCode).toBeNull();
        s.holds('the API and the workers processes stayed up through the outage');
        await redis.start();
        const back = Date.now();
        s.key('Redis outage', Math.round((back - outageStart) / 100) / 10, 's');

        await waitFor(
          async () => (await fetch(`${api.url}/api/health`)).status === 200,
          30_000,
          'the API to report Redis up again',
        );
        s.figure('API health back to 200 after Redis returned', Date.now() - back, 'ms');

        const waiting = async () => repo.countBy({ id: In(acceptedIds), processingState: 'processing' });
        await waitFor(async () => (await waiting()) === 0, 180_000, 'every accepted submission to be processed').catch(
          async (err) => {
            s.figure('still processing at the time-out', await waiting());
            throw err;
          },
        );
        s.figure('all processed after Redis returned', Math.round((Date.now() - back) / 100) / 10, 's');

        const rows = await repo.findBy({ id: In(acceptedIds) });
        const ready = rows.filter((m) => m.processingState === 'ready' && m.approved);
        s.key('stored', rows.length);
        s.key('processed (ready and on the wall)', ready.length);
        s.key('lost', accepted.length - ready.length);
        expect(rows).toHaveLength(accepted.length);
        expect(ready).toHaveLength(accepted.length);
        expect(await repo.countBy({ eventId: event.id })).toBe(accepted.length + 1);
        s.holds(
          `every accepted submission was processed and approved after Redis returned: ${ready.length} of ${accepted.length}, none lost, none doubled`,
        );

        // The photos have their two renditions, and nothing else was made for them.
        const photoIds = accepted.filter((r) => r.kind === 'photo').map((r) => r.id!);
        const files = readdirSync(join(storageDir, 'public/memories', event.id)).filter((f) => f.endsWith('.webp'));
        for (const id of photoIds) {
          expect(files.filter((f) => f.startsWith(id)).sort()).toEqual([`${id}-card.webp`, `${id}-full.webp`]);
          expect(rows.find((m) => m.id === id)!.media).toMatchObject({
            card: { url: expect.any(String) },
            full: { url: expect.any(String) },
          });
        }
        expect(files).toHaveLength(photoIds.length * 2);
        s.holds(`each of the ${photoIds.length} photos has exactly its two WebP renditions`);

        // And the public wall shows them all.
        const wall = await guest.get(`/api/events/${event.id}/memories`);
        expect(wall.body.memories.map((m: { id: string }) => m.id).sort()).toEqual(
          [before.body.memory.id, ...acceptedIds].sort(),
        );
        s.holds('the public wall shows every accepted memory');
      }),
    420_000,
  );
});
