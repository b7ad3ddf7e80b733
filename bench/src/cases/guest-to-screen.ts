import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createEvent } from '@memory-wall/testkit/factories';
import { benchEnvironment } from '../lib/env';
import { Proc, startApi, startWorkers, stopAll } from '../lib/procs';
import { absoluteMetric, CaseModule } from '../lib/report';
import { latencySummary, LatencySummary, Samples } from '../lib/stats';
import { atFixedRate } from '../lib/ticker';
import { Fleet } from './fanout-fleet';

/**
 * Case 12 — guest to screen: the wait a guest's message has from their POST until every screen of the
 * event shows it, through the whole product (the API stores it and queues it, the workers auto-approve and
 * publish, Redis carries it to both API instances, their gateways send it). 2,000 screens over 50
 * auto-approving events and two API instances; guests post at a sustained 50 messages/s, alternating
 * instances. Per message: the time from just before its POST to its last screen (and to each screen);
 * lost = screens that never got a message that was accepted (201).
 */

const EVENTS = 50;
const SCREENS = 2000;
const RATE = 50;
const P99_TARGET_MS = 100;
const TAG = Buffer.from('guest-to-screen #');

interface Rep {
  posted: number;
  accepted: number;
  lost: number;
  toLastScreen: LatencySummary;
  toEachScreen: LatencySummary;
}

export const guestToScreen: CaseModule = async (ctx) => {
  const env = await benchEnvironment(ctx.settings);
  const procs: Proc[] = [];
  try {
    const eventIds: string[] = [];
    for (let i = 0; i < EVENTS; i++) eventIds.push((await createEvent(env.dataSource)).id);
    const apis = [await startApi({ env: env.env, cpus: '' }), await startApi({ env: env.env, cpus: '' })];
    procs.push(...apis, startWorkers({ env: env.env, cpus: '' }));
    const spread = (i: number) => i % EVENTS;
    const fleet = new Fleet(
      SCREENS,
      (i) => `ws://127.0.0.1:${apis[Math.floor(i / EVENTS) % 2].port}/ws?eventId=${eventIds[spread(i)]}`,
      spread,
    );
    const screensOf = eventIds.map((_, e) => fleet.members.filter((m) => m.event === e).length);
    ctx.log(`  connecting ${SCREENS} screens over ${EVENTS} events and 2 API instances`);
    await fleet.connect();

    // Message n's text carries its number (counted across runs: a late delivery of one run cannot pass for
    // another's); each delivery is matched to the moment its POST began.
    const sentAt: number[] = [];
    const deliveries: number[] = [];
    const lastAt: number[] = [];
    let each = new Samples();
    fleet.onMessage = (frame, receivedAt) => {
      const at = frame.indexOf(TAG);
      if (at < 0) return;
      let n = 0;
      for (let i = at + TAG.length; i < frame.length && frame[i] >= 48 && frame[i] <= 57; i++)
        n = n * 10 + frame[i] - 48;
      if (deliveries[n] === undefined) return;
      deliveries[n]++;
      lastAt[n] = Math.max(lastAt[n], receivedAt);
      each.push(receivedAt - sentAt[n]);
    };

    const run = async (durationMs: number): Promise<Rep> => {
      const first = sentAt.length;
      each = new Samples();
      const accepted: boolean[] = [];
      const posts: Array<Promise<void>> = [];
      await atFixedRate(RATE, durationMs, (i) => {
        const n = first + i;
        const e = n % EVENTS;
        deliveries[n] = 0;
        lastAt[n] = 0;
        sentAt[n] = performance.timeOrigin + performance.now();
        posts.push(
          fetch(`${apis[n % 2].url}/api/events/${eventIds[e]}/submissions/message`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${(n >> 8) & 255}.${n & 255}` },
            body: JSON.stringify({ name: 'Aunt May', message: `${TAG.toString()}${n} — congratulations to you both!` }),
          }).then(async (r) => {
            await r.arrayBuffer();
            accepted[n] = r.status === 201;
          }),
        );
      });
      await Promise.all(posts);
      const numbers = sentAt.map((_, n) => n).slice(first);
      const expected = (n: number) => (accepted[n] ? screensOf[n % EVENTS] : 0);
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && numbers.some((n) => deliveries[n] < expected(n))) await sleep(20);
      const toLast = new Samples();
      let lost = 0;
      for (const n of numbers) {
        lost += Math.max(0, expected(n) - deliveries[n]);
        if (accepted[n] && deliveries[n] === expected(n)) toLast.push(lastAt[n] - sentAt[n]);
      }
      return {
        posted: numbers.length,
        accepted: accepted.filter(Boolean).length,
        lost,
        toLastScreen: latencySummary(toLast.values()),
        toEachScreen: latencySummary(each.values()),
      };
    };

    await run(2000); // warm-up (JIT, pools), not counted
    const reps: Rep[] = [];
    for (let r = 0; r < ctx.reps; r++) {
      const rep = await run(ctx.quick ? 5000 : 10_000);
      ctx.log(
        `  run ${r + 1}: ${rep.accepted}/${rep.posted} accepted; to the last screen p50 ${rep.toLastScreen.p50.toFixed(1)} p99 ${rep.toLastScreen.p99.toFixed(1)} max ${rep.toLastScreen.max.toFixed(1)} ms; to each screen p99 ${rep.toEachScreen.p99.toFixed(1)} ms; lost ${rep.lost}`,
      );
      reps.push(rep);
    }
    await fleet.close();
    const of = (f: (rep: Rep) => number) => reps.map(f);
    const latency = (what: string, pick: (rep: Rep) => number, target: { atMost: number } | null = null) =>
      absoluteMetric(`${what} @ ${RATE} messages/s`, 'ms', of(pick), target);
    return {
      metrics: [
        latency('POST to every screen, p50', (r) => r.toLastScreen.p50),
        latency('POST to every screen, p99', (r) => r.toLastScreen.p99, { atMost: P99_TARGET_MS }),
        latency('POST to each screen, p99', (r) => r.toEachScreen.p99),
        absoluteMetric(
          'Lost (accepted messages a screen never got)',
          'deliveries',
          of((r) => r.lost),
          { atMost: 0 },
        ),
        absoluteMetric(
          'Messages refused (not 201)',
          'msgs',
          of((r) => r.posted - r.accepted),
          { atMost: 0 },
        ),
      ],
      notes: [
        `${SCREENS} screens (raw WebSockets on the product's /ws, ${SCREENS / EVENTS} per event) over ${EVENTS} auto-approving events and two API instances; guests post at ${RATE}/s from distinct addresses, alternating instances. The time runs from just before each POST to the moment its last screen received it, so it includes the guest's request, the queue, the workers' approval and publishing, Redis and both gateways.`,
      ],
      profiles: {},
      details: { reps },
    };
  } finally {
    await stopAll(procs);
    await env.cleanup();
  }
};
