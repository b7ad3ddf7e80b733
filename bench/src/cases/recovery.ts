import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { TcpProxy } from '@memory-wall/testkit/tcp-proxy';
import { launchBrowser } from '@memory-wall/testkit/browser';
import { Recovery, VenueScreen, WallScenario } from '@memory-wall/testkit/recovery';
import { benchEnvironment } from '../lib/env';
import { Proc, ROOT, startApi, startWorkers, stopAll, WORK } from '../lib/procs';
import { absoluteMetric, CaseModule } from '../lib/report';
import { viteBuild } from './page-weight';

/**
 * Case 8 — a venue screen's recovery. /display in Chromium reaches the real API (and its workers) only
 * through a TCP proxy that cuts every connection and refuses new ones for 10 s, then for 10 minutes; during
 * each drop two memories are approved and one is removed. Measured: from the network's return to the
 * screen showing exactly the server's approved wall (the last missed memory on screen), polled every
 * 100 ms; a drop after which anything is missing fails the case. The machinery is fault scenario 9's
 * (e2e/support/recovery.ts). No baseline: the targets are absolute.
 */

const SHORT_MS = 10_000;
const LONG_MS = 10 * 60_000;
/** With --quick, a smoke test: the long drop shortened to a minute. */
const QUICK_LONG_MS = 60_000;
const TARGET_MS = 3000;

const duration = (ms: number) => (ms >= 60_000 ? `${ms / 60_000} min` : `${ms / 1000} s`);

export const recovery: CaseModule = async (ctx) => {
  const dist = resolve(WORK, 'recovery-dist');
  ctx.log('  building the front end (vite build frontend → bench/.work/recovery-dist)');
  viteBuild(resolve(ROOT, 'frontend'), dist);
  const env = await benchEnvironment(ctx.settings, { FRONTEND_DIST: dist });
  const procs: Proc[] = [];
  let proxy: TcpProxy | undefined;
  let browser: Browser | undefined;
  try {
    const server = { env: env.env, cpus: ctx.layout.pinning ? ctx.layout.server : undefined };
    const api = await startApi(server);
    procs.push(api, startWorkers(server));
    proxy = new TcpProxy([{ port: api.port }]);
    await proxy.start();
    browser = await launchBrowser();
    const wall = await WallScenario.create(env.dataSource, api.url);
    for (let i = 0; i < 3; i++) await wall.post();
    const screen = await VenueScreen.open(browser, proxy, wall, 3);

    const longMs = ctx.quick ? QUICK_LONG_MS : LONG_MS;
    const short: Recovery[] = [];
    for (let rep = 0; rep < ctx.reps; rep++) {
      short.push(await screen.outage('drop', SHORT_MS));
      ctx.log(`  ${duration(SHORT_MS)} drop ${rep + 1}/${ctx.reps}: ${short.at(-1)!.ms} ms`);
    }
    ctx.log(`  ${duration(longMs)} drop (once)…`);
    const long = await screen.outage('drop', longMs);
    ctx.log(`  ${duration(longMs)} drop: ${long.ms} ms`);
    if (!(await screen.sameDocument())) throw new Error('the screen was reloaded');

    const all = [...short, long];
    const sockets = all.map((r) => r.socketsOpenedDuringOutage);
    return {
      metrics: [
        absoluteMetric(
          `Recovery after a ${duration(SHORT_MS)} drop: network back → last missed memory on screen`,
          'ms',
          short.map((r) => r.ms),
          { atMost: TARGET_MS },
        ),
        absoluteMetric(
          `Recovery after a ${duration(longMs)} drop: network back → last missed memory on screen`,
          'ms',
          [long.ms],
          { atMost: TARGET_MS },
        ),
        // Every outage() returns only once the screen equals the server's wall: a missing memory throws.
        absoluteMetric('Memories missing on the screen after recovery (all drops)', 'memories', [0], { atMost: 0 }),
      ],
      notes: [
        `${ctx.reps} drops of ${duration(SHORT_MS)} (median and spread in the table), then one of ${duration(longMs)}, one after the other on the same screen (one document throughout: no reload). Each approved 2 memories and removed 1 while it lasted.`,
        `WebSockets the screen opened while the network was down, per drop: ${sockets.join(', ')} (it probes GET /api/health/live until the server answers; Chromium throttles a page's new WebSockets after many failed ones).`,
      ],
      profiles: {},
      details: {
        shortDropsMs: short.map((r) => r.ms),
        longDropMs: long.ms,
        longDropLastsMs: longMs,
        socketsOpenedDuringOutages: sockets,
      },
    };
  } finally {
    await browser?.close().catch(() => undefined);
    await proxy?.stop();
    await stopAll(procs);
    await env.cleanup();
  }
};
