import { execFileSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { KeepsakeKind, KeepsakeStatus, MemoryType, Role } from '@memory-wall/contracts';
import { Keepsake, LocalDiskStorage, Memory, mediaUrl, originalKey, renditionKey } from '@memory-wall/core';
import { createAccount } from '@memory-wall/testkit/accounts';
import { createEvent } from '@memory-wall/testkit/factories';
import { signedIn } from '@memory-wall/testkit/http';
import { cameraLikeJpeg } from '@memory-wall/testkit/images';
import { rssBytes } from '../lib/cpu';
import { benchEnvironment } from '../lib/env';
import { Proc, startApi, startWorkers, stopAll, WORK } from '../lib/procs';
import { absoluteMetric, CaseModule, ratioMetric } from '../lib/report';

/**
 * Case 10 — keepsake. An event of N approved photos (12 MP camera-like JPEG originals, 1920 px WebP
 * renditions, the same few images stored under every memory's keys) is completed-on-demand: the workers
 * build the ZIP of the originals and the two memory books. Measured: the ZIP's time and throughput (bytes of
 * ZIP per second) against `zip -0` of the same original files from local disk in the same run, and the
 * workers' peak resident memory while the three keepsakes are built.
 */

const PEAK_RSS_MB = 256;
const MIN_THROUGHPUT_RATIO = 0.5;

export const keepsake: CaseModule = async (ctx) => {
  const photos = ctx.quick ? 40 : Number(process.env.BENCH_KEEPSAKE_PHOTOS ?? 1000);
  const env = await benchEnvironment(ctx.settings);
  const storage = new LocalDiskStorage(env.storageDir);
  const procs: Proc[] = [];
  try {
    ctx.log(`  storing ${photos} photos (12 MP originals and their renditions)`);
    const originals = await Promise.all([1, 2, 3].map(() => cameraLikeJpeg(4000, 3000)));
    const full = await sharp(originals[0]).resize(1920, 1440).webp({ quality: 80 }).toBuffer();
    const card = await sharp(originals[0]).resize(800, 600).webp({ quality: 80 }).toBuffer();
    const provider = await createAccount(env.dataSource, Role.ServiceProvider);
    const event = await createEvent(env.dataSource, { serviceProviderId: provider.provider!.id });
    const memories = env.dataSource.getRepository(Memory);
    for (let i = 0; i < photos; i++) {
      const memory = await memories.save({
        eventId: event.id,
        type: MemoryType.Photo,
        author: `Guest ${i + 1}`,
        content: '',
        approved: true,
        processingState: 'ready',
        createdAt: new Date(Date.now() - (photos - i) * 1000),
      });
      const fullKey = renditionKey(event.id, memory.id, 'full');
      const cardKey = renditionKey(event.id, memory.id, 'card');
      await storage.put(originalKey(event.id, memory.id), originals[i % originals.length], 'image/jpeg');
      await storage.put(fullKey, full, 'image/webp');
      await storage.put(cardKey, card, 'image/webp');
      await memories.update(memory.id, {
        content: mediaUrl(fullKey),
        media: {
          full: { url: mediaUrl(fullKey), width: 1920, height: 1440 },
          card: { url: mediaUrl(cardKey), width: 800, height: 600 },
        },
      });
    }
    const originalsDir = resolve(env.storageDir, 'originals', event.id);

    // Baseline: zip -0 (stored, like the product's media entries) of the same files from local disk.
    const zipOut = resolve(WORK, 'keepsake-baseline.zip');
    const baselineRates: number[] = [];
    for (let rep = 0; rep < (ctx.quick ? 1 : 3); rep++) {
      rmSync(zipOut, { force: true });
      const started = process.hrtime.bigint();
      execFileSync('zip', ['-0', '-q', '-r', zipOut, '.'], { cwd: originalsDir });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      baselineRates.push(statSync(zipOut).size / seconds / 1e6);
    }
    rmSync(zipOut, { force: true });

    const api = await startApi({ env: env.env, cpus: ctx.layout.server });
    procs.push(api);
    const workers = startWorkers({ env: env.env, cpus: ctx.layout.server });
    procs.push(workers);
    await sleep(2000); // the workers connect
    const host = await signedIn(api.url, provider);
    let peak = 0;
    /** The peak while the ZIP alone is built (it goes first), apart from the books'. */
    let zipPeak = 0;
    let zipDone = false;
    const sampler = setInterval(() => {
      const rss = rssBytes(workers.pid) || 0;
      peak = Math.max(peak, rss);
      if (!zipDone) zipPeak = Math.max(zipPeak, rss);
    }, 100);
    const requested = Date.now();
    const res = await host.post(`/api/events/${event.id}/keepsakes`);
    if (res.status !== 202) throw new Error(`keepsake request: ${res.status} ${res.text}`);
    const keepsakes = env.dataSource.getRepository(Keepsake);
    let rows: Keepsake[] = [];
    const deadline = Date.now() + 30 * 60_000;
    for (;;) {
      rows = await keepsakes.findBy({ eventId: event.id });
      zipDone ||= rows.some((k) => k.kind === KeepsakeKind.Archive && k.status === KeepsakeStatus.Ready);
      if (rows.every((k) => k.status === KeepsakeStatus.Ready || k.status === KeepsakeStatus.Failed)) break;
      if (Date.now() > deadline) throw new Error('the keepsakes took more than 30 minutes');
      await sleep(200);
    }
    clearInterval(sampler);
    const failed = rows.filter((k) => k.status === KeepsakeStatus.Failed);
    if (failed.length) throw new Error(`keepsakes failed: ${failed.map((k) => `${k.kind}: ${k.error}`).join('; ')}`);
    const zip = rows.find((k) => k.kind === KeepsakeKind.Archive)!;
    const zipSeconds = (zip.updatedAt.getTime() - requested) / 1000;
    const allSeconds = (Math.max(...rows.map((k) => k.updatedAt.getTime())) - requested) / 1000;
    const zipRate = zip.size! / zipSeconds / 1e6;
    const peakMb = peak / 1024 / 1024;
    ctx.log(
      `  ZIP ${(zip.size! / 1e6).toFixed(0)} MB in ${zipSeconds.toFixed(1)} s (${zipRate.toFixed(0)} MB/s; zip -0 ${baselineRates.map((r) => r.toFixed(0)).join(', ')} MB/s); all three in ${allSeconds.toFixed(1)} s; workers' peak RSS ${(zipPeak / 1024 / 1024).toFixed(0)} MB during the ZIP, ${peakMb.toFixed(0)} MB in all`,
    );
    return {
      metrics: [
        ratioMetric('ZIP throughput (MB of archive per second)', 'MB/s', [zipRate], baselineRates, {
          atLeast: MIN_THROUGHPUT_RATIO,
        }),
        absoluteMetric("Workers' peak RSS while building the ZIP", 'MB', [zipPeak / 1024 / 1024], {
          atMost: PEAK_RSS_MB,
        }),
        absoluteMetric("Workers' peak RSS while building the ZIP and both books", 'MB', [peakMb], {
          atMost: PEAK_RSS_MB,
        }),
        absoluteMetric(`Time to build all three keepsakes of ${photos} photos`, 's', [allSeconds], null),
        absoluteMetric(`Time to build the ZIP of ${photos} photos`, 's', [zipSeconds], null),
      ],
      notes: [
        `${photos} photos (BENCH_KEEPSAKE_PHOTOS; 1,000 by default, 40 with --quick). Originals: three 4000×3000 camera-like JPEGs (q92) stored under every memory's key; renditions 1920 and 800 px WebP.`,
        'The ZIP is timed from the request to its row becoming ready (it is built first; the books follow, one keepsake at a time with the default KEEPSAKE_CONCURRENCY=1). Baseline: zip -0 -r of the same original files, run before the workers start.',
      ],
      profiles: {},
      details: {
        photos,
        zipBytes: zip.size,
        zipSeconds,
        allSeconds,
        baselineRates,
        peakRssBytes: peak,
        zipPeakRssBytes: zipPeak,
      },
    };
  } finally {
    await stopAll(procs);
    await env.cleanup();
  }
};
