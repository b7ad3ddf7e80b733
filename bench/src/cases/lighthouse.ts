import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@memory-wall/testkit/browser';
import { createEvent } from '@memory-wall/testkit/factories';
import { TASKSET } from '../lib/cpu';
import { benchEnvironment } from '../lib/env';
import { Proc, ROOT, startApi, stopAll, WORK } from '../lib/procs';
import { absoluteMetric, CaseModule, Metric } from '../lib/report';
import { median } from '../lib/stats';
import { viteBuild } from './page-weight';

/**
 * Case 6 — guest pages on a phone. The front end is built with its own config (precompressed assets
 * included) into bench/.work and served by the real API, as `npm start` serves frontend/dist. The
 * `lighthouse` package (its CLI, in a process of its own per run) loads each guest route in Debian's
 * Chromium with its default mobile profile: a Moto G Power sized screen, simulated Slow 4G (150 ms RTT,
 * 1.6 Mbps down) and a 4× slower CPU. Five runs per route, interleaved; the medians are the figures.
 */

const LIGHTHOUSE = resolve(ROOT, 'node_modules/lighthouse/cli/index.js');
const TARGET_LCP_S = 1.5;
const TARGET_SCORE = 95;
// The flags the browser tests launch Chromium with, headless.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

interface Run {
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** Cumulative layout shift: a prerendered page must not jump when the app takes it over. */
  cls: number;
  score: number;
  bytes: number;
  /** Lighthouse's diagnostics of the run, for the notes. */
  requests: Array<{ url: string; transferSize: number; startMs: number; endMs: number }>;
  lcpElement: string;
  /** The main thread's tasks over 50 ms (Lighthouse's long-tasks audit, simulated times): what makes the TBT. */
  longTasks: Array<{ url: string; durationMs: number }>;
  /** Lighthouse's own measure of the machine's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
}

interface LighthouseReport {
  environment: { benchmarkIndex: number };
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }>;
}

function runLighthouse(url: string, outFile: string): Promise<Run> {
  const args = [
    LIGHTHOUSE,
    url,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${outFile}`,
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
  ];
  // Lighthouse and its Chromium run on every core, not on the load side's one that they would inherit from
  // this runner: there the browser, renderer, GPU and network processes took turns on a single core, and
  // Lighthouse counts the renderer's waits as main-thread time (and multiplies it by 4).
  const [command, argv] = existsSync(TASKSET)
    ? [TASKSET, ['-c', `0-${cpus().length - 1}`, process.execPath, ...args]]
    : [process.execPath, args];
  return new Promise((done, fail) => {
    const child = spawn(command, argv, {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`lighthouse ${url} exited ${code}:\n${stderr.slice(-2000)}`));
      try {
        done(readRun(JSON.parse(readFileSync(outFile, 'utf8')) as LighthouseReport));
      } catch (err) {
        fail(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

function readRun(report: LighthouseReport): Run {
  const value = (audit: string) => {
    const v = report.audits[audit]?.numericValue;
    if (typeof v !== 'number') throw new Error(`lighthouse gave no ${audit}`);
    return v;
  };
  const requests = (report.audits['network-requests']?.details?.items ?? []).map((item) => ({
    url: String(item.url),
    transferSize: Number(item.transferSize ?? 0),
    startMs: Number(item.networkRequestTime ?? 0),
    endMs: Number(item.networkEndTime ?? 0),
  }));
  const lcpItem = report.audits['largest-contentful-paint-element']?.details?.items?.[0] as
    { items?: Array<{ node?: { snippet?: string } }> } | undefined;
  return {
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    score: Math.round(report.categories.performance.score * 100),
    bytes: value('total-byte-weight'),
    requests,
    lcpElement: lcpItem?.items?.[0]?.node?.snippet ?? 'unknown',
    longTasks: (report.audits['long-tasks']?.details?.items ?? []).map((item) => ({
      url: String(item.url),
      durationMs: Number(item.duration ?? 0),
    })),
    benchmarkIndex: report.environment.benchmarkIndex,
  };
}

/** The requests of a run in the order they went out, as "path (kB, start–end ms)" on the page's (unthrottled) clock. */
function requestList(run: Run): string {
  return run.requests
    .map(
      (r) =>
        `\`${new URL(r.url).pathname.split('/').pop() || '/'}\` ${(r.transferSize / 1000).toFixed(1)} kB ${r.startMs.toFixed(0)}–${r.endMs.toFixed(0)}`,
    )
    .join(', ');
}

/** The run's long tasks in the order Lighthouse lists them (longest first), as "file duration". */
function longTaskList(run: Run): string {
  if (!run.longTasks.length) return 'none';
  return run.longTasks
    .map(
      (t) =>
        `\`${t.url.startsWith('http') ? new URL(t.url).pathname.split('/').pop() || '/' : t.url}\` ${t.durationMs.toFixed(0)}`,
    )
    .join(', ');
}

export const lighthouse: CaseModule = async (ctx) => {
  const dist = resolve(WORK, 'lighthouse-dist');
  const reports = resolve(WORK, 'lighthouse');
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  ctx.log('  building the front end (vite build frontend → bench/.work/lighthouse-dist)');
  viteBuild(resolve(ROOT, 'frontend'), dist);

  const env = await benchEnvironment(ctx.settings, { FRONTEND_DIST: dist });
  const procs: Proc[] = [];
  try {
    const event = await createEvent(env.dataSource);
    const api = await startApi({ env: env.env, cpus: ctx.layout.server });
    procs.push(api);
    const routes = { eventCode: '/event-code', contribute: `/contribute/${event.id}` } as const;
    const runs: Record<keyof typeof routes, Run[]> = { eventCode: [], contribute: [] };
    // One warm-up load per route (the API's first answers compile its code paths), not counted.
    for (const [name, path] of Object.entries(routes))
      await runLighthouse(`${api.url}${path}`, resolve(reports, `${name}-warmup.json`));
    for (let rep = 0; rep < ctx.reps; rep++) {
      for (const [name, path] of Object.entries(routes) as Array<[keyof typeof routes, string]>) {
        const run = await runLighthouse(`${api.url}${path}`, resolve(reports, `${name}-${rep}.json`));
        runs[name].push(run);
        ctx.log(
          `  ${path} run ${rep + 1}: LCP ${run.lcpMs.toFixed(0)} ms, FCP ${run.fcpMs.toFixed(0)} ms, TBT ${run.tbtMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, score ${run.score}, ${(run.bytes / 1000).toFixed(1)} kB`,
        );
      }
    }

    const metrics: Metric[] = [];
    const notes: string[] = [
      'Lighthouse 12 (`lighthouse` package, CLI) against Debian Chromium, default mobile profile: simulated Slow 4G (150 ms RTT, 1.6 Mbps) and 4× CPU slowdown, performance category only. The product is the real API serving a fresh `vite build` of the front end, as `npm start` does.',
      // Simulated throttling multiplies the main-thread time observed here by 4: a slower or busier
      // machine than Lighthouse's reference reads slower (its docs calibrate against benchmarkIndex).
      `Lighthouse's benchmarkIndex of this machine during the runs (its CPU speed measure; higher is faster): median ${median(
        Object.values(runs)
          .flat()
          .map((r) => r.benchmarkIndex),
      ).toFixed(0)}, range ${Math.min(
        ...Object.values(runs)
          .flat()
          .map((r) => r.benchmarkIndex),
      ).toFixed(0)}–${Math.max(
        ...Object.values(runs)
          .flat()
          .map((r) => r.benchmarkIndex),
      ).toFixed(
        0,
      )}. The 4× CPU slowdown applies to the main-thread time observed on this machine, so a slow or busy machine inflates FCP, LCP and TBT.`,
      "Each figure is the median of the runs (one unmeasured warm-up load per route first); bytes are Lighthouse's total transferred bytes (compressed, headers included). kB = 1,000 bytes.",
    ];
    for (const [name, path] of Object.entries(routes) as Array<[keyof typeof routes, string]>) {
      const label = name === 'eventCode' ? '/event-code' : '/contribute/{id}';
      const of = (pick: (r: Run) => number) => runs[name].map(pick);
      metrics.push(
        absoluteMetric(
          `${label}: LCP (Lighthouse mobile)`,
          's',
          of((r) => r.lcpMs / 1000),
          { atMost: TARGET_LCP_S },
        ),
        absoluteMetric(
          `${label}: performance score`,
          'points',
          of((r) => r.score),
          { atLeast: TARGET_SCORE },
        ),
        absoluteMetric(
          `${label}: FCP`,
          's',
          of((r) => r.fcpMs / 1000),
          null,
        ),
        absoluteMetric(
          `${label}: TBT`,
          'ms',
          of((r) => r.tbtMs),
          null,
        ),
        absoluteMetric(
          `${label}: CLS`,
          '',
          of((r) => r.cls),
          null,
        ),
        absoluteMetric(
          `${label}: bytes transferred`,
          'kB',
          of((r) => r.bytes / 1000),
          null,
        ),
      );
      const lcps = of((r) => r.lcpMs);
      const typical =
        runs[name][
          lcps.indexOf(lcps.slice().sort((a, b) => Math.abs(a - median(lcps)) - Math.abs(b - median(lcps)))[0])
        ];
      notes.push(
        `${path}, the run nearest the median LCP: LCP element ${typical.lcpElement.replace(/`/g, "'")}; requests (path, transferred, start–end ms as observed unthrottled): ${requestList(typical)}.`,
      );
      const tbts = of((r) => r.tbtMs);
      const blocking =
        runs[name][
          tbts.indexOf(tbts.slice().sort((a, b) => Math.abs(a - median(tbts)) - Math.abs(b - median(tbts)))[0])
        ];
      notes.push(
        `${path}, the run nearest the median TBT (${blocking.tbtMs.toFixed(0)} ms): long tasks (script or page they are attributed to, simulated ms): ${longTaskList(blocking)}.`,
      );
    }
    return { metrics, notes, profiles: {}, details: runs };
  } finally {
    await stopAll(procs);
    await env.cleanup();
  }
};
