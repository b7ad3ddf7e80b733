import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import { LiveMessageType } from '@memory-wall/contracts';
import { LivePublisher, Memory, RedisKeys, toHostMemory, toPublicMemory } from '@memory-wall/core';
import { createEvent } from '../../../backend/test/support/factories';
import { TEST_REDIS_URL } from '../../../backend/test/support/test-environment';
import { benchEnvironment } from '../lib/env';
import { processCpuMs } from '../lib/cpu';
import { Proc, startApi, startBenchServer, startWorkers, stopAll, WORK } from '../lib/procs';
import { profileDuring, ProfileSummary } from '../lib/profile';
import { absoluteMetric, CaseContext, CaseModule, Metric, ratioMetric } from '../lib/report';
import { maxRateOrNaN } from '../lib/search';
import { latencySummary, LatencySummary, median } from '../lib/stats';
import { atFixedRate } from '../lib/ticker';
import { Fleet } from './fanout-fleet';

/**
 * Case 1 — live fan-out. Two API instances (the real gateway at /ws, Redis pub/sub between them) hold a
 * fleet of sockets spread over 50 events and both instances.
 *
 * A. Latency at 5 approvals per second, end to end through the product: guests' messages are posted to
 *    auto-approving events at 5/s, the workers approve them and publish; every socket of the event
 *    measures receive time − the server's `ts` stamp, and checks its feed's `seq` for gaps.
 * B. Saturation: memory_approved messages are published with the product's own LivePublisher (the Lua
 *    script the workers use) at fixed rates, searching the highest rate the gateways keep up with: no
 *    loss (no seq gap, nothing missing after a short drain, no socket dropped) and p99 ≤ 100 ms.
 *    Reported as deliveries (messages × sockets) per second.
 * Baseline: a bare `ws` server holding the same fleet and broadcasting the same bytes, same rates.
 */

const EVENTS = 50;
const MESSAGE = 'Congratulations to you both! Wishing you a lifetime of love, laughter and happiness together. With all our love.';
const SATURATION_P99_MS = 100;
const P99_TARGET_MS = 50;

interface FleetPlan {
  sockets: number;
  reps: number;
  approvalsMs: number;
  baselineApprovalsMs: number;
  stepMs: number;
  start: number;
}

interface SaturationDetail {
  deliveriesPerSec: number;
  published: number;
  delivered: number;
  missing: number;
  gaps: number;
  dropped: number;
  latency: LatencySummary;
  serverCpuPct?: number;
  /** CPU of this process (the fleet and the publisher) as a share of one core. */
  clientCpuPct: number;
  why?: string;
}

/** How a fleet is driven: the product (LivePublisher → Redis → gateways) or the bare baseline. */
interface Driver {
  name: string;
  /** Publishes `rate` messages/s round-robin over the events for `durationMs`; per-event counts. */
  publish(rate: number, durationMs: number): Promise<number[]>;
  /** Publishes at 5/s through the product's real path (approvals), per-event counts. */
  approvals(durationMs: number): Promise<number[]>;
  serverPids: number[];
}

function messageOf(eventId: string): Memory {
  return {
    id: randomUUID(),
    eventId,
    type: 'message',
    content: MESSAGE,
    title: null,
    author: 'Aunt May',
    approved: true,
    featured: false,
    flagged: false,
    language: 'en',
    photoCaption: null,
    settings: null,
    media: null,
    processingState: 'ready',
    moderation: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  } as Memory;
}

function openFilesLimit(): number {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const match = /Max open files\s+(\d+|unlimited)/.exec(limits);
    return match ? (match[1] === 'unlimited' ? Infinity : Number(match[1])) : Infinity;
  } catch {
    return Infinity;
  }
}

async function prime(fleet: Fleet, driver: Driver, log: (l: string) => void) {
  // Joins are processed asynchronously by the gateway: publish one message per event until every socket
  // has seen one (this also gives each socket its starting sequence number).
  fleet.reset();
  for (let attempt = 0; attempt < 20; attempt++) {
    await driver.publish(EVENTS * 10, 100);
    const deadline = Date.now() + 1000;
    while (!fleet.allReceived() && Date.now() < deadline) await sleep(20);
    if (fleet.allReceived()) {
      await sleep(200);
      fleet.reset();
      return;
    }
  }
  const silent = fleet.members.filter((m) => m.received === 0).length;
  log(`    warning: ${silent} sockets never received a message while priming`);
  fleet.reset();
}

async function ensureFleet(fleet: Fleet, driver: Driver, log: (l: string) => void) {
  if (fleet.openCount() === fleet.members.length) return;
  log(`    reconnecting ${fleet.members.length - fleet.openCount()} dropped sockets`);
  await fleet.connect();
  await prime(fleet, driver, log);
}

async function approvalsPhase(fleet: Fleet, driver: Driver, durationMs: number) {
  fleet.reset();
  const published = await driver.approvals(durationMs);
  await fleet.drain(published, 15_000);
  return {
    latency: latencySummary(fleet.latencies.values()),
    expected: fleet.expected(published),
    missing: fleet.missing(published),
    gaps: fleet.counters.gaps,
    dropped: fleet.counters.dropped,
    approvals: published.reduce((a, b) => a + b, 0),
  };
}

async function saturationProbe(fleet: Fleet, driver: Driver, rate: number, stepMs: number, log: (l: string) => void): Promise<{ ok: boolean; detail: SaturationDetail }> {
  await ensureFleet(fleet, driver, log);
  fleet.reset();
  const cpu0 = driver.serverPids.map(processCpuMs);
  const client0 = process.cpuUsage();
  const t0 = Date.now();
  const published = await driver.publish(rate, stepMs);
  await fleet.drain(published, 1_500);
  const cpuMs = driver.serverPids.map((pid, i) => processCpuMs(pid) - cpu0[i]).reduce((a, b) => a + b, 0);
  const elapsed = Date.now() - t0;
  const client = process.cpuUsage(client0);
  const missing = fleet.missing(published);
  const detail: SaturationDetail = {
    deliveriesPerSec: Math.round((fleet.counters.received * 1000) / stepMs),
    published: published.reduce((a, b) => a + b, 0),
    delivered: fleet.counters.received,
    missing,
    gaps: fleet.counters.gaps,
    dropped: fleet.counters.dropped,
    latency: latencySummary(fleet.latencies.values()),
    serverCpuPct: Number.isFinite(cpuMs) ? Math.round((100 * cpuMs) / elapsed) : undefined,
    clientCpuPct: Math.round((client.user + client.system) / 10 / elapsed),
  };
  const why = [
    missing ? `${missing} missing` : '',
    detail.gaps ? `${detail.gaps} seq gaps` : '',
    detail.dropped ? `${detail.dropped} sockets dropped` : '',
    detail.latency.p99 > SATURATION_P99_MS ? `p99 ${detail.latency.p99.toFixed(0)} ms` : '',
  ].filter(Boolean);
  detail.why = why.join(', ');
  log(`      ${rate}/s: ${detail.deliveriesPerSec} deliveries/s, p50 ${detail.latency.p50.toFixed(1)} p99 ${detail.latency.p99.toFixed(1)} ms, server CPU ${detail.serverCpuPct}%, client CPU ${detail.clientCpuPct}%${detail.why ? ` — ${detail.why}` : ''}`);
  return { ok: why.length === 0, detail };
}

interface FleetRun {
  approvals: Array<Awaited<ReturnType<typeof approvalsPhase>>>;
  saturation: Array<{ rate: number; best?: SaturationDetail; probes: Array<{ rate: number; ok: boolean; detail: SaturationDetail }> }>;
  profile?: ProfileSummary;
}

interface Side {
  driver: Driver;
  fleet: Fleet;
  approvalsMs: number;
  run: FleetRun;
  hint?: number;
  profileUrl?: string;
}

async function open(ctx: CaseContext, side: Side) {
  ctx.log(`  ${side.driver.name}: connecting ${side.fleet.members.length} sockets`);
  await side.fleet.connect();
  await prime(side.fleet, side.driver, ctx.log);
  await approvalsPhase(side.fleet, side.driver, 1000); // warm-up (JIT, connection pools), not counted
}

async function approvalsRep(ctx: CaseContext, side: Side, r: number) {
  const a = await approvalsPhase(side.fleet, side.driver, side.approvalsMs);
  ctx.log(`  ${side.driver.name} approvals run ${r + 1}: p50 ${a.latency.p50.toFixed(1)} p99 ${a.latency.p99.toFixed(1)} max ${a.latency.max.toFixed(1)} ms, missing ${a.missing}, gaps ${a.gaps}`);
  side.run.approvals.push(a);
}

async function saturationRep(ctx: CaseContext, side: Side, plan: FleetPlan, r: number) {
  ctx.log(`  ${side.driver.name} saturation run ${r + 1}`);
  const found = await maxRateOrNaN((rate) => saturationProbe(side.fleet, side.driver, rate, plan.stepMs, ctx.log), { start: plan.start, max: 200_000, hint: side.hint, refine: side.hint ? 1 : 2, maxProbes: side.hint ? 5 : 8 });
  const best = found.best?.detail;
  ctx.log(`    → ${found.rate} messages/s = ${best?.deliveriesPerSec ?? 0} deliveries/s (p99 ${best?.latency.p99.toFixed(1)} ms)`);
  side.run.saturation.push({ rate: found.rate, best, probes: found.probes });
  side.hint = median(side.run.saturation.map((s) => s.rate).filter((x) => x > 0)) || undefined;
}

async function finish(ctx: CaseContext, side: Side, plan: FleetPlan) {
  if (side.profileUrl && side.hint) {
    ctx.log(`  ${side.driver.name}: CPU profile of API instance A at ${side.hint} messages/s`);
    const { profile } = await profileDuring(side.profileUrl, resolve(WORK, 'profiles', `fanout-${plan.sockets}-api.cpuprofile`), () =>
      saturationProbe(side.fleet, side.driver, side.hint!, plan.stepMs, ctx.log),
    );
    side.run.profile = profile;
  }
  await side.fleet.close();
}

/**
 * Runs both sides' repetitions. Interleaved (product, baseline, product, …) when both fleets fit under the
 * open-files limit at once, so that a burst of noise on the shared machine hits both; otherwise one side
 * after the other.
 */
async function runSides(ctx: CaseContext, sides: Side[], plan: FleetPlan, interleave: boolean) {
  if (interleave) {
    for (const side of sides) await open(ctx, side);
    for (let r = 0; r < plan.reps; r++) for (const side of sides) await approvalsRep(ctx, side, r);
    for (let r = 0; r < plan.reps; r++) for (const side of sides) await saturationRep(ctx, side, plan, r);
    for (const side of sides) await finish(ctx, side, plan);
    return;
  }
  for (const side of sides) {
    await open(ctx, side);
    for (let r = 0; r < plan.reps; r++) await approvalsRep(ctx, side, r);
    for (let r = 0; r < plan.reps; r++) await saturationRep(ctx, side, plan, r);
    await finish(ctx, side, plan);
  }
}

export const fanout: CaseModule = async (ctx) => {
  const env = await benchEnvironment(ctx.settings);
  const procs: Proc[] = [];
  const redis = new Redis(TEST_REDIS_URL);
  const notes: string[] = [];
  const metrics: Metric[] = [];
  const profiles: Record<string, ProfileSummary> = {};
  const details: Record<string, unknown> = {};
  try {
    const events = [];
    for (let i = 0; i < EVENTS; i++) events.push(await createEvent(env.dataSource));
    const eventIds = events.map((e) => e.id);
    const changes = eventIds.map((id) => {
      const memory = messageOf(id);
      return {
        public: { type: LiveMessageType.MemoryApproved, memory: toPublicMemory(memory) },
        hosts: { type: LiveMessageType.MemoryApproved, memory: toHostMemory(memory) },
      } as const;
    });
    const bodies = changes.map((c) => JSON.stringify(c.public));
    // The servers are not pinned here: two API instances squeezed onto one core wait on each other's
    // time slices and fall behind long before they run out of CPU (measured: about a quarter of the
    // throughput at 10,000 sockets), which says more about the pinning than the product. The load side
    // (this process) stays on its core; BENCH_FANOUT_PIN=1 pins the servers too.
    const serverCpus = process.env.BENCH_FANOUT_PIN === '1' ? ctx.layout.server : '';
    const apiA = await startApi({ env: env.env, cpus: serverCpus, inspect: true });
    // Experiments (not part of the report's method): BENCH_FANOUT_INSTANCES=1 puts every socket on one
    // instance; BENCH_FANOUT_SOCKETS=10000 runs only that fleet size.
    const oneInstance = process.env.BENCH_FANOUT_INSTANCES === '1';
    const apiB = oneInstance ? apiA : await startApi({ env: env.env, cpus: serverCpus });
    const workers = startWorkers({ env: env.env, cpus: serverCpus });
    procs.push(apiA, workers);
    if (!oneInstance) procs.push(apiB);
    const apis = [apiA, apiB];
    const publisher = new LivePublisher(redis, new RedisKeys(env.env.REDIS_PREFIX));

    const product: Driver = {
      name: 'product',
      serverPids: [apiA.pid, apiB.pid],
      async publish(rate, durationMs) {
        const published = eventIds.map(() => 0);
        const pending: Array<Promise<void>> = [];
        let failed = 0;
        await atFixedRate(rate, durationMs, (i) => {
          const e = i % EVENTS;
          published[e]++;
          pending.push(publisher.publish(eventIds[e], changes[e]).catch(() => void failed++));
        });
        await Promise.all(pending);
        if (failed) throw new Error(`${failed} publishes failed`);
        return published;
      },
      async approvals(durationMs) {
        const published = eventIds.map(() => 0);
        const posts: Array<Promise<void>> = [];
        await atFixedRate(5, durationMs, (i) => {
          const e = i % EVENTS;
          posts.push(
            fetch(`${apis[i % 2].url}/api/events/${eventIds[e]}/submissions/message`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ name: 'Aunt May', message: MESSAGE }),
            }).then(async (r) => {
              await r.arrayBuffer();
              if (r.status === 201) published[e]++;
            }),
          );
        });
        await Promise.all(posts);
        return published;
      },
    };

    const limit = openFilesLimit();
    const plans: FleetPlan[] = [
      { sockets: 2000, reps: ctx.reps, approvalsMs: ctx.quick ? 3000 : 6000, baselineApprovalsMs: 3000, stepMs: ctx.quick ? 1000 : 1500, start: 100 },
      { sockets: 10_000, reps: ctx.reps, approvalsMs: ctx.quick ? 3000 : 4000, baselineApprovalsMs: 3000, stepMs: ctx.quick ? 1000 : 1500, start: 20 },
    ];
    const only = process.env.BENCH_FANOUT_SOCKETS?.split(',').map(Number);
    for (const plan of plans.filter((p) => !only || only.includes(p.sockets))) {
      if (plan.sockets + 500 > limit) {
        notes.push(`${plan.sockets} sockets skipped: the open-files limit is ${limit} (raise it with ulimit -n).`);
        continue;
      }
      ctx.log(` fleet of ${plan.sockets} sockets over ${EVENTS} events`);
      const spread = (i: number) => i % EVENTS;
      const bare = await startBenchServer('cases/fanout-baseline-server.js', { env: {}, cpus: serverCpus });
      procs.push(bare);
      const baseline: Driver = {
        name: 'baseline',
        serverPids: [bare.pid],
        publish(rate, durationMs) {
          return new Promise((resolveRun) => {
            const onDone = (m: { cmd: string; published: number[] }) => {
              if (m.cmd !== 'done') return;
              bare.child.off('message', onDone);
              resolveRun(m.published);
            };
            bare.child.on('message', onDone);
            bare.child.send({ cmd: 'run', rate, durationMs, eventIds, bodies });
          });
        },
        approvals(durationMs) {
          return this.publish(5, durationMs);
        },
      };
      const productSide: Side = {
        driver: product,
        fleet: new Fleet(plan.sockets, (i) => `ws://127.0.0.1:${apis[Math.floor(i / EVENTS) % 2].port}/ws?eventId=${eventIds[spread(i)]}`, spread),
        approvalsMs: plan.approvalsMs,
        run: { approvals: [], saturation: [] },
        profileUrl: await apiA.inspectorUrl(),
      };
      const baselineSide: Side = {
        driver: baseline,
        fleet: new Fleet(plan.sockets, (i) => `ws://127.0.0.1:${bare.port}/ws?eventId=${eventIds[spread(i)]}`, spread),
        approvalsMs: plan.baselineApprovalsMs,
        run: { approvals: [], saturation: [] },
      };
      const interleave = 2 * plan.sockets + 1000 < limit;
      await runSides(ctx, [productSide, baselineSide], plan, interleave);
      await bare.stop();
      const productRun = productSide.run;
      const baselineRun = baselineSide.run;
      if (!interleave) notes.push(`${plan.sockets} sockets: product and baseline ran one after the other (both fleets at once would pass the open-files limit of ${limit}).`);

      const label = `${plan.sockets.toLocaleString('en-US')} sockets`;
      const pick = (run: FleetRun, f: (a: FleetRun['approvals'][number]) => number) => run.approvals.map(f);
      metrics.push(
        absoluteMetric(`${label}: latency p50 @ 5 approvals/s`, 'ms', pick(productRun, (a) => a.latency.p50), null, pick(baselineRun, (a) => a.latency.p50)),
        absoluteMetric(`${label}: latency p99 @ 5 approvals/s`, 'ms', pick(productRun, (a) => a.latency.p99), { atMost: P99_TARGET_MS }, pick(baselineRun, (a) => a.latency.p99)),
        absoluteMetric(`${label}: latency max @ 5 approvals/s`, 'ms', pick(productRun, (a) => a.latency.max), null, pick(baselineRun, (a) => a.latency.max)),
        absoluteMetric(`${label}: lost messages @ 5 approvals/s (missing + seq gaps)`, 'msgs', pick(productRun, (a) => a.missing + a.gaps), { atMost: 0 }, pick(baselineRun, (a) => a.missing + a.gaps)),
        ratioMetric(
          `${label}: deliveries/s at saturation (no loss, p99 ≤ ${SATURATION_P99_MS} ms)`,
          'deliveries/s',
          productRun.saturation.map((s) => s.best?.deliveriesPerSec ?? NaN),
          baselineRun.saturation.map((s) => s.best?.deliveriesPerSec ?? NaN),
          { atLeast: 0.8 },
        ),
      );
      if (productRun.profile) profiles[`API instance A during saturation, ${label}`] = productRun.profile;
      details[`sockets${plan.sockets}`] = { product: productRun, baseline: baselineRun };
    }
    notes.push(
      'Latency is receive time − the `ts` the publisher stamps (LivePublisher in the workers, Date.now() in ms), so it includes Redis and the gateway, and reads up to 1 ms high.',
      `Saturation is the highest publish rate at which every socket got every message (no seq gap, nothing missing 1.5 s after the step, no socket dropped) with p99 ≤ ${SATURATION_P99_MS} ms; the product is driven by its own LivePublisher, the baseline generates the same frames itself.`,
      serverCpus
        ? 'Both API instances (and the workers) share the server core(s); the bare baseline is one process on the same core(s).'
        : 'The fleet and publisher (this runner) stay pinned to core 0; the API instances, the workers and the bare baseline are not pinned (two instances pinned onto one core wait on each other\'s time slices: with BENCH_FANOUT_PIN=1 the product reached about a quarter of the baseline at 10,000 sockets while using under a third of that core).',
    );
    return { metrics, notes, profiles, details };
  } finally {
    redis.disconnect();
    await stopAll(procs);
    await env.cleanup();
  }
};
