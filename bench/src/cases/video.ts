import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { createEvent } from '@memory-wall/testkit/factories';
import { testClip, TusClient } from '@memory-wall/testkit/videos';
import { processAndChildrenCpuMs } from '../lib/cpu';
import { benchEnvironment, guestAddress } from '../lib/env';
import { Proc, startApi, startBaseline, startWorkers, stopAll, WORK } from '../lib/procs';
import { watchApprovals } from '../lib/approvals';
import { CaseModule, ratioMetric } from '../lib/report';

/**
 * Case 10 — video clips. A 60 s 1080p phone clip (H.264/AAC, 30 fps) goes up by tus to the real API; the
 * workers probe it, transcode it to the wall's 720p MP4, make its poster and moderation frames, store
 * them and announce it. Measured: upload complete (the last PATCH answered) → memory_approved on the
 * event's public live socket. Baseline: ffmpeg run directly on the same file with the workers' settings
 * and limits (probe + transcode), pinned to the same cores. Beside the wall-clock figure, the CPU time of
 * each side over the same window (the workers process with its ffmpeg/ffprobe children; the baseline's
 * process with its children): what the product does beyond the transcode, which load hardly distorts.
 */

const SECONDS = 60;
/** ffmpeg threads of one transcode, product and baseline alike (the workers' FFMPEG_THREADS). */
const THREADS = 2;

export const video: CaseModule = async (ctx) => {
  const env = await benchEnvironment(ctx.settings, {
    WORKER_CONCURRENCY: String(ctx.settings.workerConcurrency),
    FFMPEG_THREADS: String(THREADS),
  });
  const procs: Proc[] = [];
  let socket: WebSocket | undefined;
  try {
    ctx.log(`  making a ${SECONDS} s 1080p clip with ffmpeg`);
    const clip = testClip({ seconds: ctx.quick ? 15 : SECONDS, width: 1920, height: 1080, fps: 30 });
    const dir = resolve(WORK, 'video');
    mkdirSync(dir, { recursive: true });
    const file = resolve(dir, 'phone-clip.mp4');
    writeFileSync(file, clip);

    const event = await createEvent(env.dataSource, { allowVideo: true });
    const api = await startApi({ env: env.env, cpus: ctx.layout.server });
    const workers = startWorkers({ env: env.env, cpus: ctx.layout.server });
    procs.push(api, workers);
    const raw = await startBaseline('cases/video-baseline.js', { env: {}, cpus: ctx.layout.server }, procs);

    const watch = await watchApprovals(api.port, event.id);
    socket = watch.socket;
    const { readyAt } = watch;

    let guest = 0;
    const productRun = async () => {
      const client = new TusClient(api.url, { 'x-forwarded-for': guestAddress(++guest) });
      const res = await client.upload(event.id, clip, { name: 'Aunt May' }, 8 * 1024 * 1024);
      const uploaded = performance.now();
      const cpuAtUpload = processAndChildrenCpuMs(workers.pid);
      const id = (res.body as { memory?: { id: string } } | undefined)?.memory?.id;
      if (res.status !== 200 || !id) throw new Error(`clip upload answered ${res.status}: ${res.text}`);
      const deadline = Date.now() + 600_000;
      while (!readyAt.has(id) && Date.now() < deadline) await sleep(20);
      if (!readyAt.has(id)) throw new Error(`the clip was not ready within 600 s:\n${workers.output().slice(-3000)}`);
      return { ms: readyAt.get(id)! - uploaded, cpuMs: processAndChildrenCpuMs(workers.pid) - cpuAtUpload };
    };
    const baselineRun = async () => {
      const cpuBefore = processAndChildrenCpuMs(raw.pid);
      const ms = await new Promise<number>((resolveRun) => {
        raw.child.once('message', (m: { totalMs: number }) => resolveRun(m.totalMs));
        raw.child.send({ cmd: 'run', file, threads: THREADS, outDir: dir });
      });
      return { ms, cpuMs: processAndChildrenCpuMs(raw.pid) - cpuBefore };
    };

    const product: number[] = [];
    const baseline: number[] = [];
    const productCpu: number[] = [];
    const baselineCpu: number[] = [];
    const reps = ctx.quick ? 1 : Math.min(ctx.reps, 3);
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    for (let r = 0; r < reps; r++) {
      const p = await productRun();
      ctx.log(`  product run ${r + 1}: upload complete → ready in ${seconds(p.ms)} s, CPU ${seconds(p.cpuMs)} s`);
      product.push(p.ms);
      productCpu.push(p.cpuMs / 1000);
      const b = await baselineRun();
      ctx.log(`  baseline run ${r + 1}: ffmpeg in ${seconds(b.ms)} s, CPU ${seconds(b.cpuMs)} s`);
      baseline.push(b.ms);
      baselineCpu.push(b.cpuMs / 1000);
    }
    const perMinute = (ms: number) => 60_000 / ms;
    return {
      metrics: [
        ratioMetric(
          `${ctx.quick ? 15 : SECONDS} s 1080p clips/min (upload complete → ready)`,
          'clips/min',
          product.map(perMinute),
          baseline.map(perMinute),
          { atLeast: 0.9 },
        ),
        ratioMetric('CPU time per clip (process and its ffmpeg/ffprobe children)', 's', productCpu, baselineCpu, {
          atMost: 1.1,
        }),
      ],
      notes: [
        `One clip (${(clip.length / 1024 / 1024).toFixed(1)} MB, 1920×1080, 30 fps, H.264/AAC) at a time; FFMPEG_THREADS=${THREADS} in the workers and the baseline.`,
        'Product and baseline runs alternate. The product time includes the workers probing the original, the one ffmpeg run that writes the MP4, its poster and four moderation frames, probing the MP4, the poster WebPs, storage writes, moderation (auto-approve), the database update and the live publish.',
      ],
      profiles: {},
      details: { product, baseline, productCpu, baselineCpu, fileBytes: clip.length },
    };
  } finally {
    socket?.terminate();
    await stopAll(procs);
    await env.cleanup();
  }
};
