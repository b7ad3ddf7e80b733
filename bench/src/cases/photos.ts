import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { createEvent } from '@memory-wall/testkit/factories';
import { benchEnvironment, guestAddress } from '../lib/env';
import { encodeForm, postForm } from '../lib/form-upload';
import { benchHeicPhotos, benchPhotos } from '../lib/photos';
import { Proc, startApi, startBaseline, startWorkers, stopAll, WORK } from '../lib/procs';
import { watchApprovals } from '../lib/approvals';
import { absoluteMetric, CaseModule, ratioMetric } from '../lib/report';
import { median, percentile } from '../lib/stats';
import { profileDuring, ProfileSummary } from '../lib/profile';

/**
 * Case 3 — photo processing. A batch of 12-megapixel JPEGs (about 4 MB each) is uploaded at once to the
 * real API; the workers take them from the queue, make the WebP renditions with sharp, store them, update
 * the database and publish. Ready = the memory_approved message on the event's public live socket.
 * Photos per second = batch / (last ready − first upload); latency = ready − that photo's upload start.
 * Baseline: raw sharp making the same renditions of the same files in one script, as many at a time as
 * the workers' concurrency, pinned to the same cores.
 * The HEIC variant (case heicphotos) sends the same photos as iPhones do, HEIC; its baseline is the HEIC
 * decoder (heic-decode) plus sharp called directly.
 */

const BATCH = 8;
const FILES = 4;

const FORMATS = {
  jpeg: { files: benchPhotos, extension: 'jpg', type: 'image/jpeg', label: '12 MP photos/s (upload → ready)' },
  heic: {
    files: benchHeicPhotos,
    extension: 'heic',
    type: 'image/heic',
    label: '12 MP HEIC photos/s (upload → ready)',
  },
} as const;

export const photos: CaseModule = (ctx) => photosOf('jpeg')(ctx);
export const heicPhotos: CaseModule = (ctx) => photosOf('heic')(ctx);

const photosOf =
  (format: keyof typeof FORMATS): CaseModule =>
  async (ctx) => {
    const kind = FORMATS[format];
    const env = await benchEnvironment(ctx.settings, { WORKER_CONCURRENCY: String(ctx.settings.workerConcurrency) });
    const procs: Proc[] = [];
    let socket: WebSocket | undefined;
    try {
      const files = await kind.files(FILES);
      const bytes = files.map((f) => readFileSync(f));
      const forms = bytes.map((data, i) =>
        encodeForm(
          { name: 'Aunt May' },
          { field: 'photo', filename: `IMG_${i}.${kind.extension}`, type: kind.type, data },
        ),
      );
      const event = await createEvent(env.dataSource);
      const api = await startApi({ env: env.env, cpus: ctx.layout.server });
      const workers = startWorkers({ env: env.env, cpus: ctx.layout.server, inspect: true });
      procs.push(api, workers);
      const raw = await startBaseline('cases/photos-baseline.js', { env: {}, cpus: ctx.layout.server }, procs);

      // Ready = announced on the public wall's live socket.
      const watch = await watchApprovals(api.port, event.id);
      socket = watch.socket;
      const { readyAt } = watch;

      let guest = 0;
      const productBatch = async (count: number) => {
        const t0 = performance.now();
        const started = new Map<string, number>();
        const ids = await Promise.all(
          Array.from({ length: count }, async (_, i) => {
            const begin = performance.now();
            const res = await postForm(`${api.url}/api/events/${event.id}/submissions/photo`, forms[i % FILES], {
              'x-forwarded-for': guestAddress(++guest),
            });
            const body = res.body as { memory?: { id: string } };
            if (res.status !== 201 || !body?.memory)
              throw new Error(`photo upload answered ${res.status}: ${JSON.stringify(body)}`);
            started.set(body.memory.id, begin);
            return body.memory.id;
          }),
        );
        const deadline = Date.now() + 120_000;
        while (ids.some((id) => !readyAt.has(id)) && Date.now() < deadline) await sleep(20);
        const missing = ids.filter((id) => !readyAt.has(id));
        if (missing.length)
          throw new Error(`${missing.length} photos were not ready within 120 s:\n${workers.output().slice(-3000)}`);
        const latencies = ids.map((id) => readyAt.get(id)! - started.get(id)!);
        const totalMs = Math.max(...ids.map((id) => readyAt.get(id)!)) - t0;
        return {
          perSec: (count * 1000) / totalMs,
          p95: percentile(latencies, 95),
          p50: percentile(latencies, 50),
          totalMs,
        };
      };
      const baselineBatch = (count: number) =>
        new Promise<{ perSec: number; p95: number; p50: number; totalMs: number }>((resolveRun) => {
          raw.child.once('message', (m: { totalMs: number; doneAt: number[] }) =>
            resolveRun({
              perSec: (count * 1000) / m.totalMs,
              p95: percentile(m.doneAt, 95),
              p50: percentile(m.doneAt, 50),
              totalMs: m.totalMs,
            }),
          );
          raw.child.send({
            cmd: 'run',
            files: Array.from({ length: count }, (_, i) => files[i % FILES]),
            concurrency: ctx.settings.workerConcurrency,
            outDir: resolve(WORK, `sharp-out-${randomUUID()}`),
          });
        });

      // Warm-up both (JIT, libvips caches, connection pools): one small batch each, not counted.
      await productBatch(2);
      await baselineBatch(2);
      const product: Array<Awaited<ReturnType<typeof productBatch>>> = [];
      const baseline: Array<Awaited<ReturnType<typeof baselineBatch>>> = [];
      const batch = ctx.quick ? 4 : BATCH;
      for (let r = 0; r < ctx.reps; r++) {
        const p = await productBatch(batch);
        ctx.log(
          `  product run ${r + 1}: ${p.perSec.toFixed(2)} photos/s, p50 ${p.p50.toFixed(0)} p95 ${p.p95.toFixed(0)} ms (batch of ${batch} in ${p.totalMs.toFixed(0)} ms)`,
        );
        product.push(p);
        const b = await baselineBatch(batch);
        ctx.log(
          `  baseline run ${r + 1}: ${b.perSec.toFixed(2)} photos/s, p50 ${b.p50.toFixed(0)} p95 ${b.p95.toFixed(0)} ms`,
        );
        baseline.push(b);
      }
      const profiles: Record<string, ProfileSummary> = {};
      const ratioNow = median(product.map((x) => x.perSec)) / median(baseline.map((x) => x.perSec));
      if (ratioNow < 0.85) {
        ctx.log('  below target: CPU profile of the workers (JavaScript main thread) during one more batch');
        const { profile } = await profileDuring(
          await workers.inspectorUrl(),
          resolve(WORK, 'profiles', `photos-${format}-workers.cpuprofile`),
          () => productBatch(batch),
        );
        profiles[`workers during a batch of ${batch} (main thread; sharp runs on libvips threads, seen as idle here)`] =
          profile;
      }
      return {
        metrics: [
          ratioMetric(
            kind.label,
            'photos/s',
            product.map((x) => x.perSec),
            baseline.map((x) => x.perSec),
            { atLeast: 0.85 },
          ),
          absoluteMetric(
            `p95 upload → ready, batch of ${batch} at once`,
            'ms',
            product.map((x) => x.p95),
            null,
            baseline.map((x) => x.p95),
            'Baseline figure: p95 of the time from the batch start to each file done.',
          ),
        ],
        notes: [
          `Each run uploads ${batch} photos (${format}, ${(bytes[0].length / 1024 / 1024).toFixed(1)} MB, 4000×3000, ${FILES} different files) at once; WORKER_CONCURRENCY=${ctx.settings.workerConcurrency} and the baseline processes as many at a time.`,
          'Product and baseline runs alternate. The product time includes the upload (checked and stored by the API), the queue, storage writes, the database update and the live publish.',
        ],
        profiles,
        details: { product, baseline, batch, fileBytes: bytes.map((b) => b.length) },
      };
    } finally {
      socket?.terminate();
      await stopAll(procs);
      await env.cleanup();
    }
  };
