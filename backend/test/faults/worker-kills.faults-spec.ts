import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Job, Queue, QueueEvents } from 'bullmq';
import sharp from 'sharp';
import { In } from 'typeorm';
import { LiveMessageType, QueueName } from '@memory-wall/contracts';
import { Memory, RedisKeys } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { ApiClient } from '@memory-wall/testkit/http';
import { multipart } from '@memory-wall/testkit/images';
import { connectLive, LiveClient, settle } from '@memory-wall/testkit/live-client';
import { RunningProcess, startApi, startWorkers } from '@memory-wall/testkit/processes';
import { createTestEnvironment, TestEnvironment } from '@memory-wall/testkit/test-environment';
import { waitFor } from '@memory-wall/testkit/wait';
import { FaultScenario, percentile, pool, sleep } from './scenario';
import { seededRandom } from '@memory-wall/testkit/seeded-random';

const PHOTOS = 100;
const KILLS = 5;
const WORKER_PROCESSES = 3;
const LOCK_MS = 5000;

const SEED = Number(process.env.FAULT_SEED ?? Date.now() % 1_000_000);

/** A photo with noise, so each job takes a noticeable part of a second (and can be interrupted). */
const noisyPhoto = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 20 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

const scenario = new FaultScenario({
  id: 2,
  title: 'Workers killed with SIGKILL mid-job',
  tried:
    `${PHOTOS} photo jobs on ${WORKER_PROCESSES} workers processes (WORKER_LOCK_MS=${LOCK_MS}, concurrency 1); ${KILLS} times, while jobs are active, ` +
    'a random workers process is killed with SIGKILL and a replacement started; a public socket watches the wall.',
});

describe('fault 2: a worker killed with SIGKILL mid-job, 5 times during 100 photo jobs', () => {
  let t: TestEnvironment;
  let api: RunningProcess;
  let storageDir: string;
  let env: Record<string, string>;
  let queue: Queue;
  let queueEvents: QueueEvents;
  let screen: LiveClient;
  const workers: Array<RunningProcess & { startedAt: number }> = [];
  // At debug level a workers process logs each memory it finished: one that has finished a job is past its
  // start-up, and with a backlog it has taken the next job at once.
  const startWorker = () => {
    const w = Object.assign(startWorkers({ ...env, LOG_LEVEL: 'debug' }), { startedAt: Date.now() });
    workers.push(w);
    return w;
  };
  const alive = () => workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);

  beforeAll(async () => {
    t = await createTestEnvironment();
    storageDir = mkdtempSync(join(tmpdir(), 'mw-fault-kill-'));
    env = {
      ...t.env,
      STORAGE_DIR: storageDir,
      WORKER_LOCK_MS: String(LOCK_MS),
      WORKER_CONCURRENCY: '1',
      SUBMISSIONS_PER_MINUTE: '100000',
    };
    api = await startApi(env);
    const connection = { url: t.env.REDIS_URL };
    queue = new Queue(QueueName.Media, { connection, prefix: new RedisKeys(t.env.REDIS_PREFIX).queuePrefix });
    queueEvents = new QueueEvents(QueueName.Media, {
      connection,
      prefix: new RedisKeys(t.env.REDIS_PREFIX).queuePrefix,
    });
    await queueEvents.waitUntilReady();
  }, 120_000);

  afterAll(async () => {
    scenario.save();
    screen?.close();
    await queueEvents?.close();
    await queue?.close();
    await Promise.all([api?.stop(), ...workers.map((w) => w.stop())]);
    await t?.cleanup();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  }, 60_000);

  it(
    'finishes every job once: two renditions per photo, each approval on the wall exactly once',
    () =>
      scenario.run(async (s) => {
        const rand = seededRandom(SEED);
        s.figure('kill plan seed (FAULT_SEED)', SEED);
        const event = await createEvent(t.dataSource);
        screen = await connectLive(`${api.url.replace('http', 'ws')}/ws?eventId=${event.id}`);
        await settle(500);

        for (let i = 0; i < WORKER_PROCESSES; i++) startWorker();
        const photos = await Promise.all(
          [
            [2000, 1500],
            [1800, 1350],
            [1500, 2000],
            [1600, 1200],
          ].map(([w, h]) => noisyPhoto(w, h)),
        );
        s.figure('photo sizes', `${photos.map((p) => Math.round(p.length / 1024)).join(', ')} KiB`);

        // Guests upload all the photos (8 at a time) while the kills go on.
        const started = Date.now();
        const guest = new ApiClient(api.url);
        const uploads = pool(
          8,
          Array.from({ length: PHOTOS }, (_, i) => async () => {
            const res = await guest.post(
              `/api/events/${event.id}/submissions/photo`,
              multipart('photo', photos[i % photos.length], `IMG_${i}.JPG`, { name: `Guest ${i}` }),
            );
            expect(res.status).toBe(201);
            return res.body.memory.id as string;
          }),
        );

        // The kills: while the backlog is larger than the number of workers (so every worker is busy), a random
        // workers process that has been up for a while is killed and a replacement started. A kill counts as
        // mid-job when one of the jobs active just before it is reported stalled afterwards (its lock lapsed).
        const kills: Array<{ at: number; activeIds: Set<string> }> = [];
        // Every stall report (a job may stall twice: two kills can hit it) and every job BullMQ gave up on.
        const stalls: Array<{ jobId: string; at: number }> = [];
        const gaveUp: string[] = [];
        queueEvents.on('stalled', ({ jobId }) => stalls.push({ jobId, at: Date.now() - started }));
        queueEvents.on('failed', ({ jobId, failedReason }) => {
          if (/stalled/.test(failedReason)) gaveUp.push(jobId);
        });
        // Each kill is matched to a different stall report of a job that was active just before it (greedy, in
        // kill order). A job stalled twice is reported once, then fails instead: that failure counts as a report.
        const matched = () => {
          const reports = [...stalls, ...gaveUp.map((jobId) => ({ jobId, at: Infinity }))];
          const taken = new Set<number>();
          return kills.map((k) => {
            const index = reports.findIndex((r, i) => !taken.has(i) && r.at >= k.at && k.activeIds.has(r.jobId));
            if (index >= 0) taken.add(index);
            return index >= 0;
          });
        };
        const midJobKills = () => matched().filter(Boolean).length;
        const finishedAJob = (w: RunningProcess) => /memory [0-9a-f-]{36} approved/.test(w.output());
        const killDeadline = Date.now() + 240_000;
        let uploadsDone = false;
        let uploadsMs = 0;
        const markUploaded = () => {
          uploadsDone = true;
          uploadsMs = Date.now() - started;
        };
        void uploads.then(markUploaded, markUploaded);
        while (midJobKills() < KILLS && kills.length < KILLS * 2 && Date.now() < killDeadline) {
          await sleep(2000 + Math.floor(rand() * 2000));
          const [active, waiting] = await Promise.all([queue.getActive(), queue.getWaitingCount()]);
          const candidates = alive().filter(finishedAJob);
          if (active.length === 0 || waiting + active.length <= alive().length || candidates.length === 0) {
            if (uploadsDone && waiting === 0) break;
            continue;
          }
          // Enough kills made: wait for the stalled reports of the last ones before killing again.
          if (kills.length >= KILLS) {
            await waitFor(() => midJobKills() >= KILLS, LOCK_MS * 5, 'the stalled reports').catch(() => undefined);
            if (midJobKills() >= KILLS) break;
          }
          const victim = candidates[Math.floor(rand() * candidates.length)];
          const activeIds = new Set(active.map((j) => j.id!));
          await victim.stop('SIGKILL');
          kills.push({ at: Date.now() - started, activeIds });
          startWorker();
        }
        const ids = await uploads;
        s.key('photos uploaded (201)', ids.length);
        s.figure('uploads finished after the first upload', Math.round(uploadsMs / 100) / 10, 's');
        s.figure('workers processes started (3 + replacements)', workers.length);

        const repo = t.dataSource.getRepository(Memory);
        const waiting = () => repo.countBy({ id: In(ids), processingState: 'processing' });
        await waitFor(async () => (await waiting()) === 0, 300_000, 'every photo to be processed').catch(
          async (err) => {
            s.figure('still processing at the time-out', await waiting());
            throw err;
          },
        );
        s.figure('all jobs done after the first upload', Math.round((Date.now() - started) / 100) / 10, 's');
        const match = matched();
        s.key('SIGKILLs that landed mid-job (of all SIGKILLs)', `${midJobKills()} (of ${kills.length})`);
        s.figure(
          'kill times after the first upload',
          kills.map((k, i) => `${(k.at / 1000).toFixed(1)} s${match[i] ? '' : ' (no job held)'}`).join(', '),
        );
        s.figure('stall reports after the first upload', stalls.map((r) => `${(r.at / 1000).toFixed(1)} s`).join(', '));

        // Every job completed: each memory ready, approved, with its two renditions.
        const rows = await repo.findBy({ id: In(ids) });
        const ready = rows.filter((m) => m.processingState === 'ready' && m.approved && m.media?.card && m.media?.full);
        s.key('memories processed (ready, approved, with media)', ready.length);
        expect(ready).toHaveLength(PHOTOS);
        s.holds(
          `every one of the ${PHOTOS} photo jobs completed (ready and approved) despite ${kills.length} SIGKILLs`,
        );

        // The kills did land on running jobs, which other workers took over.
        const jobs = (await queue.getJobs(['completed', 'failed', 'active', 'waiting', 'delayed'], 0, 1000)) as Job[];
        const interrupted = jobs.filter((j) => j.attemptsStarted > 1 || j.stalledCounter > 0);
        s.key('jobs interrupted mid-run and taken over', interrupted.length);
        const runs = jobs.filter((j) => j.finishedOn && j.processedOn).map((j) => j.finishedOn! - j.processedOn!);
        s.figure('job run time (last attempt), p50 / max', `${percentile(runs, 50)} / ${Math.max(...runs)}`, 'ms');
        s.figure('stall reports (BullMQ)', stalls.length);
        s.figure('jobs BullMQ failed as stalled twice (the outbox sweeper ran them again)', gaveUp.length);
        expect(midJobKills()).toBeGreaterThanOrEqual(KILLS);
        s.holds(
          `${midJobKills()} SIGKILLs landed on a worker in the middle of a job (a job it held was then reported stalled)`,
        );
        s.holds(`the ${interrupted.length} jobs the kills interrupted were finished by other workers`);

        // Exactly two renditions per memory in storage, none for anything else; leftovers of cut writes counted.
        const files = readdirSync(join(storageDir, 'public/memories', event.id));
        const webps = files.filter((f) => f.endsWith('.webp'));
        const orphans = files.filter((f) => f.endsWith('.tmp'));
        for (const id of ids)
          expect(webps.filter((f) => f.startsWith(id)).sort()).toEqual([`${id}-card.webp`, `${id}-full.webp`]);
        expect(webps).toHaveLength(PHOTOS * 2);
        s.key('renditions in storage', webps.length);
        s.figure('half-written temporary files left by killed writes', orphans.length);
        s.holds(
          `exactly two WebP renditions per memory in storage (${webps.length} for ${PHOTOS} photos), no duplicates`,
        );

        // The public socket saw each approval exactly once, in sequence.
        await waitFor(
          () => new Set(screen.messages.map((m) => ('memory' in m ? m.memory.id : ''))).size >= PHOTOS,
          30_000,
          'every approval on the socket',
        ).catch(() => undefined);
        await settle(1000);
        const approvals = screen.messages.filter((m) => m.type === LiveMessageType.MemoryApproved);
        const perMemory = new Map<string, number>();
        for (const m of approvals) if ('memory' in m) perMemory.set(m.memory.id, (perMemory.get(m.memory.id) ?? 0) + 1);
        const duplicates = [...perMemory.values()].filter((n) => n > 1).length;
        const missing = ids.filter((id) => !perMemory.has(id));
        s.key(
          'live approvals received (duplicates / missing)',
          `${approvals.length} (${duplicates} / ${missing.length})`,
        );
        expect({ duplicates, missing }).toEqual({ duplicates: 0, missing: [] });
        expect(approvals).toHaveLength(PHOTOS);
        const seqs = screen.messages.map((m) => m.seq);
        expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => seqs[0] + i));
        s.holds('the public socket received each of the approvals exactly once, in sequence without gaps');
      }),
    600_000,
  );
});
