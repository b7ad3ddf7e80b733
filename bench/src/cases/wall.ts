import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import { LIVE_POSITION_HEADER, LiveMessageType, parseLivePosition, reconnectDelay } from '@memory-wall/contracts';
import { LivePublisher, RedisKeys } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { TEST_REDIS_URL } from '@memory-wall/testkit/test-environment';
import { CpuSnapshot, cpuMsBetween, mainThreadSchedule, postgresCpu, processCpuMs, ThreadSchedule } from '../lib/cpu';
import { benchEnvironment } from '../lib/env';
import {
  closedLoopThroughput,
  rawRequest,
  requestOnNewConnection,
  runStep,
  StepResult,
  targetOf,
} from '../lib/loadgen';
import { Proc, startApi, startBenchServer, stopAll, WORK } from '../lib/procs';
import { profileDuring, ProfileSummary } from '../lib/profile';
import { absoluteMetric, CaseModule, Metric, ratioMetric } from '../lib/report';
import { maxRateOrNaN } from '../lib/search';
import { latencySummary, LatencySummary, median } from '../lib/stats';

/**
 * Case 4 — public wall reads. GET /api/events/{id}/memories of a 50-memory public wall (40 messages and
 * 10 photos) by anonymous viewers, at fixed rates, searching the highest rate answered with p99 ≤ 20 ms:
 *  - warm: the same wall again and again (the product serves its cached body for the wall's version);
 *  - If-None-Match: with the wall's current ETag (304, no body);
 *  - cold: every read is the first of its wall version — reads spread over 3,000 such walls, each of which
 *    announces a change on its live feed (the wall's version) before each probe that only the database can
 *    answer (the removal of a memory it shows), as when it has just changed;
 *  - after a heart: the same walls, each read once, then hearted (announced on its feed) before the probe: the
 *    instance moves each cached wall on in memory as the heart arrives (PublicWallCache.advance), so the
 *    first read of each new version needs no build (above 2,000/s a probe reads each version again).
 * Baseline: plain Fastify returning the same JSON bytes from memory (and 304 for its ETag).
 * Reconnect storm: 2,000 screens of 50 walls that have just changed refetch (as after an API instance
 * restarted), each on a connection of its own when its client reconnects; the latency of every refetch,
 * against p99 ≤ 200 ms. The same storm in one instant is reported beside it, with the baseline's.
 */

const P99_MS = 20;
const MEMORIES = 50;
const COLD_WALLS = 3000;
const STORM_SCREENS = 2000;
const STORM_WALLS = 50;
const STORM_P99_MS = 200;

async function cloneEvents(
  env: Awaited<ReturnType<typeof benchEnvironment>>,
  templateId: string,
  count: number,
): Promise<string[]> {
  const columns: Array<{ column_name: string }> = await env.dataSource.query(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'events' ORDER BY ordinal_position`,
  );
  const names = columns.map((c) => c.column_name);
  const expr = (name: string) =>
    name === 'id'
      ? 'gen_random_uuid()'
      : name === 'slug'
        ? `t."slug" || '-c' || g`
        : name === 'eventCode'
          ? 'NULL'
          : `t."${name}"`;
  const rows: Array<{ id: string }> = await env.dataSource.query(
    `INSERT INTO "events" (${names.map((n) => `"${n}"`).join(', ')})
     SELECT ${names.map(expr).join(', ')} FROM "events" t, generate_series(1, $2) g WHERE t."id" = $1 RETURNING "id"`,
    [templateId, count],
  );
  return rows.map((r) => r.id);
}

async function fillWalls(env: Awaited<ReturnType<typeof benchEnvironment>>, eventIds: string[]) {
  await env.dataSource.query(
    `INSERT INTO "memories" ("eventId", "type", "content", "title", "author", "approved", "language", "photoCaption", "media", "processingState", "createdAt")
     SELECT e.id,
       (CASE WHEN g % 5 = 0 THEN 'photo' ELSE 'message' END)::memory_type,
       CASE WHEN g % 5 = 0 THEN '/api/media/events/' || e.id || '/memories/' || g || '/full.webp'
            ELSE repeat('Such a wonderful day, congratulations to you both! ', 1 + g % 5) END,
       CASE WHEN g % 3 = 0 THEN 'A toast to the couple' ELSE NULL END,
       'Guest number ' || g, true, 'en',
       CASE WHEN g % 5 = 0 THEN 'At the reception' ELSE NULL END,
       CASE WHEN g % 5 = 0 THEN jsonb_build_object(
         'card', jsonb_build_object('url', '/api/media/events/' || e.id || '/memories/' || g || '/card.webp', 'width', 800, 'height', 600),
         'full', jsonb_build_object('url', '/api/media/events/' || e.id || '/memories/' || g || '/full.webp', 'width', 1920, 'height', 1440))
       ELSE NULL END,
       'ready'::memory_processing_state,
       now() - make_interval(mins => g)
     FROM "events" e CROSS JOIN generate_series(1, ${MEMORIES}) g WHERE e.id = ANY($1::uuid[])`,
    [eventIds],
  );
}

/** Reads each path once, 16 at a time. */
async function readEach(url: string, paths: string[]) {
  let next = 0;
  const reader = async () => {
    while (next < paths.length) {
      const response = await fetch(`${url}${paths[next++]}`);
      if (response.status !== 200) throw new Error(`a wall read answered ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 16 }, reader));
}

interface ReadCost {
  apiMs: number;
  postgresMs: number;
  waitPct: number;
}

interface CostReading {
  apiMs: number;
  postgres: CpuSnapshot;
  schedule?: ThreadSchedule;
}

const readCosts = (apiPid: number): CostReading => ({
  apiMs: processCpuMs(apiPid),
  postgres: postgresCpu(),
  schedule: mainThreadSchedule(apiPid),
});

function costPerRead(from: CostReading, to: CostReading, reads: number): ReadCost {
  const run = (to.schedule?.runMs ?? NaN) - (from.schedule?.runMs ?? NaN);
  const wait = (to.schedule?.waitMs ?? NaN) - (from.schedule?.waitMs ?? NaN);
  return {
    apiMs: (to.apiMs - from.apiMs) / reads,
    postgresMs: cpuMsBetween(from.postgres, to.postgres) / reads,
    waitPct: (100 * wait) / run,
  };
}

interface Variant {
  name: string;
  url: string;
  request: (i: number) => Buffer;
  expect: number[];
  before?: () => Promise<void>;
  runs: Array<{ rate: number; best?: StepResult }>;
  hint?: number;
}

export const wall: CaseModule = async (ctx) => {
  const env = await benchEnvironment(ctx.settings);
  const procs: Proc[] = [];
  const redis = new Redis(TEST_REDIS_URL);
  try {
    ctx.log(`  filling 1 + ${COLD_WALLS} walls of ${MEMORIES} memories`);
    const warmEvent = await createEvent(env.dataSource);
    const coldIds = await cloneEvents(env, warmEvent.id, COLD_WALLS);
    await fillWalls(env, [warmEvent.id, ...coldIds]);
    // Settle PostgreSQL before measuring: without this, autovacuum of the 150,000 rows just inserted and
    // the checkpoint after them run during the probes and stall both the product and the baseline.
    await env.dataSource.query('VACUUM ANALYZE "memories"');
    await env.dataSource.query('VACUUM ANALYZE "events"');
    await env.dataSource.query('CHECKPOINT');
    // Cold means "not in the API's cache", not "not in PostgreSQL's buffers": read the tables once.
    await env.dataSource.query('SELECT count(*) FROM "memories" WHERE "approved"');
    await env.dataSource.query('SELECT count(*) FROM "events"');

    const api = await startApi({ env: env.env, cpus: ctx.layout.server, inspect: true });
    procs.push(api);
    const wallPath = (id: string) => `/api/events/${id}/memories`;
    const first = await fetch(`${api.url}${wallPath(warmEvent.id)}`);
    const body = await first.text();
    const etag = first.headers.get('etag') ?? '';
    const count = (JSON.parse(body) as { memories: unknown[] }).memories.length;
    if (first.status !== 200 || count !== MEMORIES || !etag)
      throw new Error(`the warm wall answered ${first.status} with ${count} memories, etag ${etag}`);
    const bodyFile = resolve(WORK, 'wall-body.json');
    writeFileSync(bodyFile, body);
    const base = await startBenchServer('cases/wall-baseline-server.js', {
      env: { WALL_BODY_FILE: bodyFile, WALL_ETAG: etag },
      cpus: ctx.layout.server,
    });
    procs.push(base);

    const keys = new RedisKeys(env.env.REDIS_PREFIX);
    const publisher = new LivePublisher(redis, keys);
    // The probes time reads, not the instance taking in a burst of 3,000 announcements: wait until it has
    // the last one (the feed's messages reach it in the order they were published).
    const announcementsArrived = async (eventIds: string[]) => {
      const last = eventIds.at(-1)!;
      const published = Number(await redis.get(keys.liveSequence(last)));
      for (const until = Date.now() + 5000; Date.now() < until; await sleep(10)) {
        const read = await fetch(`${api.url}${wallPath(last)}`);
        await read.arrayBuffer();
        if (parseLivePosition(read.headers.get(LIVE_POSITION_HEADER))?.seq === published) return;
      }
      throw new Error(`the instance did not get the announcements on ${last}'s feed within 5 s`);
    };
    const shown: Array<{ eventId: string; id: string }> = await env.dataSource.query(
      `SELECT DISTINCT ON ("eventId") "eventId", "id" FROM "memories" WHERE "eventId" = ANY($1::uuid[]) ORDER BY "eventId", "createdAt"`,
      [coldIds],
    );
    // A change to a wall is announced on its feed, which moves the wall's version, as the workers and the
    // moderation routes do: for each cold wall, the removal of a memory it shows, which only the database
    // can answer (patchWallBody); the memory stays stored, so every such announcement is one again.
    const shownIn = new Map(shown.map((m) => [m.eventId, m.id]));
    const announceRemovals = (eventIds: string[]) =>
      Promise.all(
        eventIds.map((id) => {
          const removal = { type: LiveMessageType.MemoryDelete, memoryId: shownIn.get(id)! } as const;
          return publisher.publish(id, { public: removal, hosts: removal });
        }),
      );
    const bumpColdWalls = async () => {
      await announceRemovals(coldIds);
      await announcementsArrived(coldIds);
    };
    // A heart on each wall, announced as the hearts route does, after each wall was read once (so the
    // instance holds its current version and follows its feed). Announced, not stored: the reads under test
    // do not touch the database, and 3,000 row updates a probe would set autovacuum off during the other
    // variants' probes (reconnect-storm.int-spec checks that a patched wall is the stored one, byte for byte).
    let heartCount = 0;
    const heartColdWalls = async () => {
      await readEach(api.url, coldIds.map(wallPath));
      heartCount++;
      await Promise.all(
        shown.map(({ eventId, id }) => {
          const heart = { type: LiveMessageType.MemoryHearts, memoryId: id, hearts: heartCount } as const;
          return publisher.publish(eventId, { public: heart, hosts: heart });
        }),
      );
      await announcementsArrived(shown.map((m) => m.eventId));
    };
    const plain = (id: string) => rawRequest('GET', wallPath(id));
    const warmRequest = plain(warmEvent.id);
    const inmRequest = rawRequest('GET', wallPath(warmEvent.id), { 'if-none-match': etag });
    const coldRequests = coldIds.map(plain);
    const variants: Variant[] = [
      { name: 'warm', url: api.url, request: () => warmRequest, expect: [200], runs: [] },
      { name: 'warm baseline', url: base.url, request: () => warmRequest, expect: [200], runs: [] },
      { name: 'If-None-Match', url: api.url, request: () => inmRequest, expect: [304], runs: [] },
      { name: 'If-None-Match baseline', url: base.url, request: () => inmRequest, expect: [304], runs: [] },
      {
        name: 'cold',
        url: api.url,
        request: (i) => coldRequests[i % COLD_WALLS],
        expect: [200],
        before: bumpColdWalls,
        runs: [],
      },
      {
        name: 'after a heart',
        url: api.url,
        request: (i) => coldRequests[i % COLD_WALLS],
        expect: [200],
        before: heartColdWalls,
        runs: [],
      },
    ];
    const stepMs = ctx.quick ? 1000 : 1500;
    const stepAt = (v: Variant, rate: number) =>
      runStep(targetOf(v.url), {
        rate,
        durationMs: stepMs,
        request: v.request,
        expect: v.expect,
        connections: 64,
        maxBacklogMs: 500,
      });
    const probe = (v: Variant) => async (rate: number) => {
      await v.before?.();
      const step = await stepAt(v, rate);
      const ok = step.errors === 0 && !step.fellBehind && step.latency.p99 <= P99_MS;
      ctx.log(
        `      ${v.name} ${rate}/s: p50 ${step.latency.p50.toFixed(1)} p99 ${step.latency.p99.toFixed(1)} ms, ${step.errors} errors` +
          `${step.errorSamples.length ? ` (${step.errorSamples.slice(0, 2).join('; ')})` : ''}, generator CPU ${step.generatorCpuPct}%`,
      );
      return { ok, detail: step };
    };

    // Warm-up (long enough for V8 to optimise the request path of both servers), and a first guess of each
    // variant's capacity (closed loop), so the searches start near it.
    for (const v of variants) {
      await v.before?.();
      await closedLoopThroughput(targetOf(v.url), v.request, 16, ctx.quick ? 500 : 2000);
      const guess = await closedLoopThroughput(targetOf(v.url), v.request, 16, 700);
      v.hint = Math.max(50, Math.round(guess * 0.6));
      ctx.log(`  ${v.name}: closed-loop ${guess.toFixed(0)}/s, searching from ${v.hint}/s`);
    }
    for (let r = 0; r < ctx.reps; r++) {
      for (const v of variants) {
        const found = await maxRateOrNaN(probe(v), {
          start: v.hint!,
          max: 200_000,
          hint: v.hint,
          refine: 1,
          maxProbes: 5,
        });
        ctx.log(`  ${v.name} run ${r + 1}: ${found.rate}/s at p99 ≤ ${P99_MS} ms`);
        v.runs.push({ rate: found.rate, best: found.best?.detail });
        v.hint = median(v.runs.map((x) => x.rate).filter((x) => x > 0)) || v.hint;
      }
    }
    // The storm: every screen of 50 just-changed walls refetches on a new connection, each when its client
    // reconnects (reconnectDelay: 0.5–1 s after the drop, as the front end's screens do), and, to show the
    // machine's limit, all in the same instant; the baseline serves its body to the same storms.
    const stormIds = coldIds.slice(0, STORM_WALLS);
    const stormRequests = stormIds.map((id) => rawRequest('GET', wallPath(id), { connection: 'close' }));
    const baseStormRequest = rawRequest('GET', wallPath(warmEvent.id), { connection: 'close' });
    const storm = async (url: string, request: (i: number) => Buffer, jittered: boolean): Promise<LatencySummary> => {
      await announceRemovals(stormIds);
      const latencies = await Promise.all(
        Array.from({ length: STORM_SCREENS }, async (_, i) => {
          if (jittered) await sleep(reconnectDelay(0));
          const { status, ms } = await requestOnNewConnection(targetOf(url), request(i));
          if (status !== 200) throw new Error(`a storm refetch answered ${status}`);
          return ms;
        }),
      );
      return latencySummary(latencies);
    };
    const storms = {
      jittered: { product: [] as LatencySummary[], baseline: [] as LatencySummary[] },
      instant: { product: [] as LatencySummary[], baseline: [] as LatencySummary[] },
    };
    await storm(api.url, (i) => stormRequests[i % STORM_WALLS], true); // warm-up
    for (let r = 0; r < ctx.reps; r++) {
      for (const [kind, runs] of Object.entries(storms)) {
        const jittered = kind === 'jittered';
        runs.product.push(await storm(api.url, (i) => stormRequests[i % STORM_WALLS], jittered));
        runs.baseline.push(await storm(base.url, () => baseStormRequest, jittered));
        const [product, baseline] = [runs.product.at(-1)!, runs.baseline.at(-1)!];
        ctx.log(
          `  reconnect storm (${kind}) run ${r + 1}: p50 ${product.p50.toFixed(1)} p99 ${product.p99.toFixed(1)} ms; ` +
            `baseline p50 ${baseline.p50.toFixed(1)} p99 ${baseline.p99.toFixed(1)} ms`,
        );
      }
    }
    // Where a read's time goes: cold and warm reads at the same rate (the cold reads' found one), each probe's
    // CPU per read of the API (user and system: a PostgreSQL round trip's system calls are the API's) and of
    // PostgreSQL, and how long the API's main thread waited, runnable, for its core per time it ran (the
    // bench does not pin PostgreSQL: its backends share that core).
    const [warm, warmBase, inm, inmBase, cold, hearted] = variants;
    const costRate = median(cold.runs.map((x) => x.rate).filter((x) => x > 0)) || 200;
    const costs = new Map<Variant, ReadCost[]>([
      [warm, []],
      [cold, []],
    ]);
    for (let r = 0; r < ctx.reps; r++) {
      for (const [v, runs] of costs) {
        await v.before?.();
        const before = readCosts(api.pid);
        const step = await stepAt(v, costRate);
        const cost = costPerRead(before, readCosts(api.pid), step.completed);
        ctx.log(
          `  cost of a ${v.name} read at ${costRate}/s: API ${cost.apiMs.toFixed(3)} ms CPU, PostgreSQL ${cost.postgresMs.toFixed(3)} ms CPU; ` +
            `the API's main thread waited ${cost.waitPct.toFixed(0)}% of the time it ran (p99 ${step.latency.p99.toFixed(1)} ms)`,
        );
        runs.push(cost);
      }
    }
    const profiles: Record<string, ProfileSummary> = {};
    for (const v of [variants[0], variants[2], variants[4], variants[5]]) {
      if (!v.hint) continue;
      ctx.log(`  CPU profile of the API, ${v.name} at ${v.hint}/s`);
      const { profile } = await profileDuring(
        await api.inspectorUrl(),
        resolve(WORK, 'profiles', `wall-${v.name}-api.cpuprofile`),
        () => probe(v)(v.hint!),
      );
      profiles[`API, ${v.name} reads at ${v.hint}/s`] = profile;
    }
    const rates = (v: Variant) => v.runs.map((x) => x.rate);
    const costOf = (v: Variant, key: keyof ReadCost) => costs.get(v)!.map((c) => c[key]);
    const metrics: Metric[] = [
      ratioMetric(`warm reads/s at p99 ≤ ${P99_MS} ms`, 'req/s', rates(warm), rates(warmBase), { atLeast: 0.7 }),
      ratioMetric(`If-None-Match (304) reads/s at p99 ≤ ${P99_MS} ms`, 'req/s', rates(inm), rates(inmBase), {
        atLeast: 0.7,
      }),
      ratioMetric(
        `cold reads/s at p99 ≤ ${P99_MS} ms`,
        'req/s',
        rates(cold),
        rates(warmBase),
        { atLeast: 0.3 },
        'Against the in-memory baseline: every cold read queries PostgreSQL.',
      ),
      ratioMetric(
        `reads/s after a heart at p99 ≤ ${P99_MS} ms`,
        'req/s',
        rates(hearted),
        rates(warmBase),
        { atLeast: 0.3 },
        "Against the in-memory baseline: reads of 3,000 walls just hearted, each wall's body moved on in memory as its heart arrived; a probe reads each wall's new version first (no build), then, above 2,000 /s, again from the same body.",
      ),
      absoluteMetric(
        `API CPU per cold read at ${costRate}/s`,
        'ms',
        costOf(cold, 'apiMs'),
        null,
        costOf(warm, 'apiMs'),
        "Baseline: the product's warm read at the same rate. User and system time: a PostgreSQL round trip's system calls are the API's.",
      ),
      absoluteMetric(
        `PostgreSQL CPU per cold read at ${costRate}/s`,
        'ms',
        costOf(cold, 'postgresMs'),
        null,
        costOf(warm, 'postgresMs'),
        "Baseline: the product's warm read at the same rate (no query).",
      ),
      absoluteMetric(
        `API main thread: time waiting for its core per time it ran, cold reads at ${costRate}/s`,
        '%',
        costOf(cold, 'waitPct'),
        null,
        costOf(warm, 'waitPct'),
        "Baseline: the product's warm reads at the same rate. The bench does not pin PostgreSQL: its backends share the API's core.",
      ),
      ratioMetric(
        `reconnect storm: ${STORM_SCREENS.toLocaleString('en-US')} screens of ${STORM_WALLS} just-changed walls refetch as they reconnect, p99`,
        'ms',
        storms.jittered.product.map((x) => x.p99),
        storms.jittered.baseline.map((x) => x.p99),
        { absoluteAtMost: STORM_P99_MS },
        'Each screen refetches on a new connection when its client reconnects (0.5–1 s after the drop, reconnectDelay).',
      ),
      ratioMetric(
        `reconnect storm: the same ${STORM_SCREENS.toLocaleString('en-US')} refetches in the same instant, p99`,
        'ms',
        storms.instant.product.map((x) => x.p99),
        storms.instant.baseline.map((x) => x.p99),
        {},
        '2,000 connections opened at once from one process: the baseline shows what the machine allows.',
      ),
    ];
    const generatorBusy = variants.some((v) => v.runs.some((x) => (x.best?.generatorCpuPct ?? 0) > 85));
    return {
      metrics,
      notes: [
        `Body: ${(body.length / 1024).toFixed(1)} kB of JSON (${MEMORIES} memories). Fixed-rate load, 64 keep-alive connections, ${stepMs / 1000} s per probe; a probe passes with every answer as expected and p99 ≤ ${P99_MS} ms.`,
        'Variants run interleaved (warm, warm baseline, If-None-Match, its baseline, cold, after a heart) in each run.',
        ...(generatorBusy
          ? [
              'The load generator used more than 85% of its core in some probe: the baseline figures there may be limited by the generator, so the ratios are conservative.',
            ]
          : []),
      ],
      profiles,
      details: Object.fromEntries(variants.map((v) => [v.name, v.runs])),
    };
  } finally {
    redis.disconnect();
    await stopAll(procs);
    await env.cleanup();
  }
};
