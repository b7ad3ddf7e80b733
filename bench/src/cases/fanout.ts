import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { LiveMessageType, ProcessingState } from '@memory-wall/contracts';
import { LiveChange, Memory, storedMemory, toHostMemory, toPublicMemory } from '@memory-wall/core';
import { createEvent } from '@memory-wall/testkit/factories';
import { benchEnvironment } from '../lib/env';
import { processCpuMs, rssBytes } from '../lib/cpu';
import { Proc, startApi, startBaseline, startBenchServer, startNode, startWorkers, stopAll, WORK } from '../lib/procs';
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
 *    measures receive time − the server's `ts` stamp, and checks its feed's `seq` for gaps. Then the same
 *    rate from the product's publisher process alone, as the peer's messages come from its emitter.
 * B. Saturation: memory_approved messages are published with the product's own LivePublisher (the Lua
 *    script the workers use, in a process of its own: fanout-publisher) at fixed rates, searching the
 *    highest rate the gateways keep up with: no loss (no seq gap, nothing missing after a short drain, no
 *    socket dropped) and p99 ≤ 100 ms.
 *    Reported as deliveries (messages × sockets) per second.
 * Baseline: a bare `ws` server holding the same fleet and broadcasting the same bytes, same rates.
 * Peer: what a NestJS team builds by default — Socket.IO with the Redis adapter, rooms per event, two
 * instances, messages sent by the Redis emitter from a process of its own — with the same fleet, messages
 * and rates (fanout-socketio-server, fanout-socketio-publisher). Also measured: each side's servers' memory
 * per connected socket.
 */

export const EVENTS = 50;
const MESSAGE =
  'Congratulations to you both! Wishing you a lifetime of love, laughter and happiness together. With all our love.';
const SATURATION_P99_MS = 100;
const P99_TARGET_MS = 50;
/** The Socket.IO peer's label in the report. */
const PEER = 'Socket.IO + Redis adapter';

interface FleetPlan {
  sockets: number;
  reps: number;
  approvalsMs: number;
  baselineApprovalsMs: number;
  stepMs: number;
  start: number;
}

export interface SaturationDetail {
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
export interface Driver {
  name: string;
  /** Publishes `rate` messages/s round-robin over the events for `durationMs`; per-event counts. */
  publish(rate: number, durationMs: number): Promise<number[]>;
  /** Publishes at 5/s through the product's real path (approvals), per-event counts. */
  approvals(durationMs: number): Promise<number[]>;
  serverPids: number[];
}

function messageOf(eventId: string): Memory {
  return storedMemory({
    id: randomUUID(),
    eventId,
    content: MESSAGE,
    author: 'Aunt May',
    approved: true,
    processingState: ProcessingState.Ready,
  });
}

/** What an approval of a guest's message tells each event's feeds. */
export function approvalsOf(eventIds: string[]): LiveChange[] {
  return eventIds.map((id) => {
    const memory = messageOf(id);
    return {
      public: { type: LiveMessageType.MemoryApproved, memory: toPublicMemory(memory) },
      hosts: { type: LiveMessageType.MemoryApproved, memory: toHostMemory(memory) },
    };
  });
}

/** Sends a fixed-rate run to a process that publishes (the product's publisher, the bare baseline). */
export function publishOverIpc(
  proc: Proc,
  command: { rate: number; durationMs: number; eventIds: string[]; [more: string]: unknown },
): Promise<number[]> {
  return new Promise((resolveRun, rejectRun) => {
    const onDone = (m: { cmd: string; published: number[]; failed?: number }) => {
      if (m.cmd !== 'done') return;
      proc.child.off('message', onDone);
      if (m.failed) rejectRun(new Error(`${m.failed} publishes failed`));
      else resolveRun(m.published);
    };
    proc.child.on('message', onDone);
    proc.child.send({ cmd: 'run', ...command });
  });
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

export async function prime(fleet: Fleet, driver: Driver, log: (l: string) => void) {
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

/** Runs `send` (messages at 5/s; it answers how many each event got), then collects what the fleet saw. */
async function approvalsPhase(fleet: Fleet, send: () => Promise<number[]>) {
  fleet.reset();
  const published = await send();
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

export async function saturationProbe(
  fleet: Fleet,
  driver: Driver,
  rate: number,
  stepMs: number,
  log: (l: string) => void,
): Promise<{ ok: boolean; detail: SaturationDetail }> {
  await ensureFleet(fleet, driver, log);
  fleet.reset();
  const cpu0 = driver.serverPids.map(processCpuMs);
  const client0 = process.cpuUsage();
  const t0 = Date.now();
  const published = await driver.publish(rate, stepMs);
  // A sender that fell behind takes longer than the step: deliveries are counted over the time it took.
  const sendingMs = Math.max(stepMs, Date.now() - t0);
  await fleet.drain(published, 1_500);
  const cpuMs = driver.serverPids.map((pid, i) => processCpuMs(pid) - cpu0[i]).reduce((a, b) => a + b, 0);
  const elapsed = Date.now() - t0;
  const client = process.cpuUsage(client0);
  const missing = fleet.missing(published);
  const detail: SaturationDetail = {
    deliveriesPerSec: Math.round((fleet.counters.received * 1000) / sendingMs),
    published: published.reduce((a, b) => a + b, 0),
    delivered: fleet.counters.received,
    missing,
    gaps: fleet.counters.gaps,
    dropped: fleet.counters.dropped,
    latency: latencySummary(fleet.latencies.values()),
    serverCpuPct: Number.isFinite(cpuMs) ? Math.round((100 * cpuMs) / elapsed) : undefined,
    clientCpuPct: Math.round((client.user + client.system) / 10 / elapsed),
  };
  const asked = Math.max(1, Math.round((rate * stepMs) / 1000));
  const why = [
    detail.published < asked ? `${detail.published} of ${asked} messages sent` : '',
    missing ? `${missing} missing` : '',
    detail.gaps ? `${detail.gaps} seq gaps` : '',
    detail.dropped ? `${detail.dropped} sockets dropped` : '',
    detail.latency.p99 > SATURATION_P99_MS ? `p99 ${detail.latency.p99.toFixed(0)} ms` : '',
  ].filter(Boolean);
  detail.why = why.join(', ');
  log(
    `      ${rate}/s: ${detail.deliveriesPerSec} deliveries/s, p50 ${detail.latency.p50.toFixed(1)} p99 ${detail.latency.p99.toFixed(1)} ms, server CPU ${detail.serverCpuPct}%, client CPU ${detail.clientCpuPct}%${detail.why ? ` — ${detail.why}` : ''}`,
  );
  return { ok: why.length === 0, detail };
}

type ApprovalsResult = Awaited<ReturnType<typeof approvalsPhase>>;

interface FleetRun {
  approvals: ApprovalsResult[];
  /**
   * The product only: its gateways fed at 5 messages/s by its publisher process alone, as the peer's are by
   * its emitter (its "approvals" have no product behind them), so that the two gateways are compared on the
   * same footing; `approvals` above is the real path, with a guest's POST, the database and the workers.
   */
  published: ApprovalsResult[];
  saturation: Array<{
    rate: number;
    best?: SaturationDetail;
    probes: Array<{ rate: number; ok: boolean; detail: SaturationDetail }>;
  }>;
  profile?: ProfileSummary;
  /** The servers' resident memory per connected socket, bytes: (RSS with the fleet − RSS before) / sockets. */
  memoryPerSocket: number[];
}

interface Side {
  driver: Driver;
  fleet: Fleet;
  approvalsMs: number;
  run: FleetRun;
  hint?: number;
  profileUrl?: string;
  /** Also measures the gateways fed by the publisher at 5/s (FleetRun.published). */
  publishedToo?: boolean;
}

const serversRss = (driver: Driver) => driver.serverPids.reduce((sum, pid) => sum + rssBytes(pid), 0);

async function open(ctx: CaseContext, side: Side) {
  ctx.log(`  ${side.driver.name}: connecting ${side.fleet.members.length} sockets`);
  const rssBefore = serversRss(side.driver);
  await side.fleet.connect();
  await prime(side.fleet, side.driver, ctx.log);
  await approvalsPhase(side.fleet, () => side.driver.approvals(1000)); // warm-up (JIT, connection pools), not counted
  // Connecting 10,000 sockets leaves the fleet a heap of garbage: collected now, not in a measured window
  // (where its pause failed the first run after each connect, on both sides). `npm run bench` exposes gc.
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(1000);
  // Only a side's first fleet counts: memory a closed fleet left behind is not handed back to the system, so
  // a fleet opened again would measure from a higher floor.
  if (side.run.memoryPerSocket.length) return;
  const perSocket = (serversRss(side.driver) - rssBefore) / side.fleet.members.length;
  side.run.memoryPerSocket.push(perSocket);
  ctx.log(`  ${side.driver.name}: servers' memory ${(perSocket / 1024).toFixed(1)} kB per socket`);
}

async function approvalsRep(ctx: CaseContext, side: Side, r: number) {
  const say = (what: string, a: ApprovalsResult) =>
    ctx.log(
      `  ${side.driver.name} ${what} run ${r + 1}: p50 ${a.latency.p50.toFixed(1)} p99 ${a.latency.p99.toFixed(1)} max ${a.latency.max.toFixed(1)} ms, missing ${a.missing}, gaps ${a.gaps}`,
    );
  const a = await approvalsPhase(side.fleet, () => side.driver.approvals(side.approvalsMs));
  say('approvals', a);
  side.run.approvals.push(a);
  if (!side.publishedToo) return;
  const p = await approvalsPhase(side.fleet, () => side.driver.publish(5, side.approvalsMs));
  say('published at 5/s', p);
  side.run.published.push(p);
}

async function saturationRep(ctx: CaseContext, side: Side, plan: FleetPlan, r: number) {
  ctx.log(`  ${side.driver.name} saturation run ${r + 1}`);
  const found = await maxRateOrNaN((rate) => saturationProbe(side.fleet, side.driver, rate, plan.stepMs, ctx.log), {
    start: plan.start,
    max: 200_000,
    hint: side.hint,
    refine: side.hint ? 1 : 2,
    maxProbes: side.hint ? 5 : 8,
  });
  const best = found.best?.detail;
  ctx.log(
    `    → ${found.rate} messages/s = ${best?.deliveriesPerSec ?? 0} deliveries/s (p99 ${best?.latency.p99.toFixed(1)} ms)`,
  );
  side.run.saturation.push({ rate: found.rate, best, probes: found.probes });
  side.hint = median(side.run.saturation.map((s) => s.rate).filter((x) => x > 0)) || undefined;
}

async function finish(ctx: CaseContext, side: Side, plan: FleetPlan) {
  if (side.profileUrl && side.hint) {
    ctx.log(`  ${side.driver.name}: CPU profile of API instance A at ${side.hint} messages/s`);
    const { profile } = await profileDuring(
      side.profileUrl,
      resolve(WORK, 'profiles', `fanout-${plan.sockets}-api.cpuprofile`),
      () => saturationProbe(side.fleet, side.driver, side.hint!, plan.stepMs, ctx.log),
    );
    side.run.profile = profile;
  }
  await side.fleet.close();
}

/**
 * Runs both sides' repetitions, alternating (product, baseline, product, …) so that a burst of noise on
 * the shared machine hits both. When both fleets fit under the open-files limit at once they stay open;
 * otherwise each side opens its fleet for its repetition and closes it after.
 */
async function runSides(ctx: CaseContext, sides: Side[], plan: FleetPlan, bothOpen: boolean) {
  if (bothOpen) {
    for (const side of sides) await open(ctx, side);
    for (let r = 0; r < plan.reps; r++) for (const side of sides) await approvalsRep(ctx, side, r);
    for (let r = 0; r < plan.reps; r++) for (const side of sides) await saturationRep(ctx, side, plan, r);
    for (const side of sides) await finish(ctx, side, plan);
    return;
  }
  for (let r = 0; r < plan.reps; r++) {
    for (const side of sides) {
      await open(ctx, side);
      await approvalsRep(ctx, side, r);
      await saturationRep(ctx, side, plan, r);
      if (r === plan.reps - 1) await finish(ctx, side, plan);
      else await side.fleet.close();
    }
  }
}

export const fanout: CaseModule = async (ctx) => {
  const env = await benchEnvironment(ctx.settings);
  const procs: Proc[] = [];
  const notes: string[] = [];
  const metrics: Metric[] = [];
  const profiles: Record<string, ProfileSummary> = {};
  const details: Record<string, unknown> = {};
  try {
    const events = [];
    for (let i = 0; i < EVENTS; i++) events.push(await createEvent(env.dataSource));
    const eventIds = events.map((e) => e.id);
    const changes = approvalsOf(eventIds);
    const bodies = changes.map((c) => JSON.stringify(c.public));
    // The servers are not pinned here: the API instances, the workers, the publisher and Redis share both
    // cores as a deployment's would; the load side (this process, the fleet) stays on core 0.
    // BENCH_FANOUT_PIN=1 pins the servers to the server core(s) instead.
    const serverCpus = process.env.BENCH_FANOUT_PIN === '1' ? ctx.layout.server : '';
    const apiA = await startApi({ env: env.env, cpus: serverCpus, inspect: true });
    // Experiments (not part of the report's method): BENCH_FANOUT_INSTANCES=1 puts every socket on one
    // instance; BENCH_FANOUT_SOCKETS=10000 runs only that fleet size.
    const oneInstance = process.env.BENCH_FANOUT_INSTANCES === '1';
    const apiB = oneInstance ? apiA : await startApi({ env: env.env, cpus: serverCpus });
    const workers = startWorkers({ env: env.env, cpus: serverCpus });
    const publisher = startNode('bench/dist/bench/src/cases/fanout-publisher.js', { env: env.env, cpus: serverCpus });
    procs.push(apiA, workers, publisher);
    if (!oneInstance) procs.push(apiB);
    const apis = [apiA, apiB];
    await once(publisher.child, 'message');
    const peerEnv = { REDIS_URL: env.env.REDIS_URL, REDIS_PREFIX: env.env.REDIS_PREFIX };
    const peers = [
      await startBenchServer('cases/fanout-socketio-server.js', { env: peerEnv, cpus: serverCpus }),
      await startBenchServer('cases/fanout-socketio-server.js', { env: peerEnv, cpus: serverCpus }),
    ];
    procs.push(...peers);
    const peerPublisher = await startBaseline(
      'cases/fanout-socketio-publisher.js',
      { env: peerEnv, cpus: serverCpus },
      procs,
    );
    const peer: Driver = {
      name: PEER,
      serverPids: peers.map((p) => p.pid),
      publish(rate, durationMs) {
        return publishOverIpc(peerPublisher, { rate, durationMs, eventIds, bodies });
      },
      approvals(durationMs) {
        return this.publish(5, durationMs);
      },
    };

    const product: Driver = {
      name: 'product',
      serverPids: oneInstance ? [apiA.pid] : [apiA.pid, apiB.pid],
      publish(rate, durationMs) {
        return publishOverIpc(publisher, { rate, durationMs, eventIds, changes });
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
      {
        sockets: 2000,
        reps: ctx.reps,
        approvalsMs: ctx.quick ? 3000 : 6000,
        baselineApprovalsMs: 3000,
        stepMs: ctx.quick ? 1000 : 1500,
        start: 100,
      },
      {
        sockets: 10_000,
        reps: ctx.reps,
        approvalsMs: ctx.quick ? 3000 : 4000,
        baselineApprovalsMs: 3000,
        stepMs: ctx.quick ? 1000 : 1500,
        start: 20,
      },
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
          return publishOverIpc(bare, { rate, durationMs, eventIds, bodies });
        },
        approvals(durationMs) {
          return this.publish(5, durationMs);
        },
      };
      const productSide: Side = {
        driver: product,
        fleet: new Fleet(
          plan.sockets,
          (i) => `ws://127.0.0.1:${apis[Math.floor(i / EVENTS) % 2].port}/ws?eventId=${eventIds[spread(i)]}`,
          spread,
        ),
        approvalsMs: plan.approvalsMs,
        run: { approvals: [], published: [], saturation: [], memoryPerSocket: [] },
        profileUrl: await apiA.inspectorUrl(),
        publishedToo: true,
      };
      const baselineSide: Side = {
        driver: baseline,
        fleet: new Fleet(plan.sockets, (i) => `ws://127.0.0.1:${bare.port}/ws?eventId=${eventIds[spread(i)]}`, spread),
        approvalsMs: plan.baselineApprovalsMs,
        run: { approvals: [], published: [], saturation: [], memoryPerSocket: [] },
      };
      const peerSide: Side = {
        driver: peer,
        fleet: new Fleet(
          plan.sockets,
          (i) =>
            `ws://127.0.0.1:${peers[Math.floor(i / EVENTS) % 2].port}/socket.io/?EIO=4&transport=websocket&eventId=${eventIds[spread(i)]}`,
          spread,
          'socket.io',
        ),
        approvalsMs: plan.baselineApprovalsMs,
        run: { approvals: [], published: [], saturation: [], memoryPerSocket: [] },
      };
      const sides = [productSide, baselineSide, peerSide];
      const bothOpen = sides.length * plan.sockets + 1000 < limit;
      await runSides(ctx, sides, plan, bothOpen);
      await bare.stop();
      const productRun = productSide.run;
      const baselineRun = baselineSide.run;
      const peerRun = peerSide.run;
      if (!bothOpen)
        notes.push(
          `${plan.sockets} sockets: each side opened its fleet for each of its runs and closed it after (the fleets at once would pass the open-files limit of ${limit}).`,
        );

      const label = `${plan.sockets.toLocaleString('en-US')} sockets`;
      const pick = (run: FleetRun, f: (a: FleetRun['approvals'][number]) => number) => run.approvals.map(f);
      metrics.push(
        absoluteMetric(
          `${label}: latency p50 @ 5 approvals/s`,
          'ms',
          pick(productRun, (a) => a.latency.p50),
          null,
          pick(baselineRun, (a) => a.latency.p50),
        ),
        absoluteMetric(
          `${label}: latency p99 @ 5 approvals/s`,
          'ms',
          pick(productRun, (a) => a.latency.p99),
          { atMost: P99_TARGET_MS },
          pick(baselineRun, (a) => a.latency.p99),
        ),
        absoluteMetric(
          `${label}: latency max @ 5 approvals/s`,
          'ms',
          pick(productRun, (a) => a.latency.max),
          null,
          pick(baselineRun, (a) => a.latency.max),
        ),
        absoluteMetric(
          `${label}: lost messages @ 5 approvals/s (missing + seq gaps)`,
          'msgs',
          pick(productRun, (a) => a.missing + a.gaps),
          { atMost: 0 },
          pick(baselineRun, (a) => a.missing + a.gaps),
        ),
        ratioMetric(
          `${label}: deliveries/s at saturation (no loss, p99 ≤ ${SATURATION_P99_MS} ms)`,
          'deliveries/s',
          productRun.saturation.map((s) => s.best?.deliveriesPerSec ?? NaN),
          baselineRun.saturation.map((s) => s.best?.deliveriesPerSec ?? NaN),
          { atLeast: 0.9 },
        ),
        ratioMetric(
          `${label}: deliveries/s at saturation, against ${PEER}`,
          'deliveries/s',
          productRun.saturation.map((s) => s.best?.deliveriesPerSec ?? NaN),
          peerRun.saturation.map((s) => s.best?.deliveriesPerSec ?? NaN),
          { atLeast: 1 },
        ),
        ratioMetric(
          `${label}: latency p99 @ 5 approvals/s, against ${PEER}`,
          'ms',
          pick(productRun, (a) => a.latency.p99),
          pick(peerRun, (a) => a.latency.p99),
          { atMost: 1 },
        ),
        ratioMetric(
          `${label}: latency p99 @ 5 messages/s from a publisher process (both sides), against ${PEER}`,
          'ms',
          productRun.published.map((a) => a.latency.p99),
          pick(peerRun, (a) => a.latency.p99),
          { atMost: 1 },
        ),
        absoluteMetric(
          `${label}: latency p50 @ 5 messages/s from a publisher process, against ${PEER}`,
          'ms',
          productRun.published.map((a) => a.latency.p50),
          null,
          pick(peerRun, (a) => a.latency.p50),
        ),
        ratioMetric(
          `${label}: servers' memory per connected socket, against ${PEER}`,
          'kB',
          productRun.memoryPerSocket.map((b) => b / 1024),
          peerRun.memoryPerSocket.map((b) => b / 1024),
          { atMost: 1 },
        ),
        absoluteMetric(
          `${label}: servers' memory per connected socket, bare \`ws\``,
          'kB',
          baselineRun.memoryPerSocket.map((b) => b / 1024),
          null,
        ),
        absoluteMetric(
          `${label}: lost messages @ 5 approvals/s, ${PEER}`,
          'msgs',
          pick(peerRun, (a) => a.missing + a.gaps),
          null,
        ),
      );
      if (productRun.profile) profiles[`API instance A during saturation, ${label}`] = productRun.profile;
      details[`sockets${plan.sockets}`] = { product: productRun, baseline: baselineRun, peer: peerRun };
    }
    notes.push(
      'Latency is receive time − the `ts` stamped at publishing (Date.now() in ms, so it reads up to 1 ms high). At 5 approvals/s the workers\' LivePublisher stamps it, so it includes the workers, Redis and the gateway. The peer\'s 5 messages/s come from its Redis emitter alone, with no product behind them; so that the gateways are compared on the same footing, the product is also fed at 5 messages/s by its publisher process alone ("from a publisher process"). In the saturation steps both senders stamp the time each message was due by their fixed-rate schedule: a sender that falls behind adds its delay to the latency instead of hiding it.',
      `Saturation is the highest publish rate at which every socket got every message (no seq gap, nothing missing 1.5 s after the step, no socket dropped) with p99 ≤ ${SATURATION_P99_MS} ms. The product is driven by its own LivePublisher in a process of its own, as the workers are (fanout-publisher); the baseline makes the same frames itself. Deliveries are counted over the time the sending took when it ran past the step.`,
      serverCpus
        ? 'Both API instances (and the workers) share the server core(s); the bare baseline is one process on the same core(s).'
        : 'The fleet (this runner) stays pinned to core 0; the API instances, the workers, the publisher and the bare baseline run on any core.',
    );
    return { metrics, notes, profiles, details };
  } finally {
    await stopAll(procs);
    await env.cleanup();
  }
};
