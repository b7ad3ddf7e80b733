import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { coreLayout, cpuPressure, cpuTimes, loadAverage, pin, stolenPct } from './lib/cpu';
import { ROOT, WORK } from './lib/procs';
import { CaseContext, CaseModule, CaseResult, CaseRun, loadPrevious, Results, writeResults } from './lib/report';
import { fanout } from './cases/fanout';
import { ingest } from './cases/ingest';
import { heicPhotos, photos } from './cases/photos';
import { wall } from './cases/wall';
import { pageWeight } from './cases/page-weight';
import { uploadBytes } from './cases/upload-bytes';
import { lighthouse } from './cases/lighthouse';
import { recovery } from './cases/recovery';
import { keepsake } from './cases/keepsake';
import { video } from './cases/video';
import { guestToScreen } from './cases/guest-to-screen';
import { shards } from './cases/shards';

const CASES: Record<string, { title: string; run: CaseModule }> = {
  fanout: { title: '1. Live fan-out', run: fanout },
  ingest: { title: '2. Submission ingest', run: ingest },
  photos: { title: '3. Photo processing', run: photos },
  wall: { title: '4. Public wall reads', run: wall },
  pageweight: { title: '5. Guest page weight', run: pageWeight },
  uploadbytes: { title: '6. Photo upload bytes', run: uploadBytes },
  lighthouse: { title: '7. Guest pages on a phone (Lighthouse)', run: lighthouse },
  recovery: { title: '8. Venue screen recovery after network drops', run: recovery },
  heicphotos: { title: '9. HEIC photo processing', run: heicPhotos },
  video: { title: '10. Video clip processing', run: video },
  keepsake: { title: '11. Keepsake ZIP and memory books', run: keepsake },
  guesttoscreen: { title: '12. Guest to screen', run: guestToScreen },
  shards: { title: '13. Live feeds on 1 and 3 Redis shards', run: shards },
};

const USAGE = `npm run bench [-- options]
  --case <name>     run only this case (repeatable, or comma-separated): ${Object.keys(CASES).join(', ')}
  --reps <n>        runs per measurement (default 5; at least 5 for a report)
  --quick           fewer, shorter runs (a smoke test, not a result)
  --no-build        measure the existing backend/dist and workers/dist without rebuilding them
  --no-pin          do not pin the load side and the servers to different cores
  --log-level <l>   LOG_LEVEL of the processes under test (default info, as deployed)`;

function parseArgs(argv: string[]) {
  const options = { cases: [] as string[], reps: 5, quick: false, build: true, pin: true, logLevel: 'info' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value\n${USAGE}`);
      return v;
    };
    if (arg === '--case' || arg === '--cases') options.cases.push(...value().split(','));
    else if (arg.startsWith('--case=')) options.cases.push(...arg.slice(7).split(','));
    else if (arg === '--reps') options.reps = Number(value());
    else if (arg === '--quick') options.quick = true;
    else if (arg === '--no-build') options.build = false;
    else if (arg === '--no-pin') options.pin = false;
    else if (arg === '--log-level') options.logLevel = value();
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${arg}\n${USAGE}`);
  }
  for (const c of options.cases) if (!CASES[c]) throw new Error(`unknown case ${c}\n${USAGE}`);
  if (!options.cases.length) options.cases = Object.keys(CASES);
  if (options.quick && options.reps === 5) options.reps = 2;
  return options;
}

function buildServer(): string | null {
  console.log('building backend and workers (npm run build:server)…');
  const result = spawnSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status === 0) return null;
  const usable = existsSync(resolve(ROOT, 'backend/dist/main.js')) && existsSync(resolve(ROOT, 'workers/dist/main.js'));
  if (!usable) throw new Error('npm run build:server failed and there is no earlier build to measure');
  return 'npm run build:server failed in this run: the earlier build in backend/dist and workers/dist was measured.';
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const layout = coreLayout(!options.pin);
  // This process is the load side: load generator, socket fleet, uploader.
  if (layout.pinning) pin(process.pid, layout.load);
  rmSync(resolve(WORK, 'logs'), { recursive: true, force: true });
  const buildNote = options.build ? buildServer() : null;

  const started = Date.now();
  const settings = { logLevel: options.logLevel, workerConcurrency: 2 };
  const ctx: CaseContext = {
    layout,
    reps: options.reps,
    quick: options.quick,
    settings,
    log: (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${line}`),
  };
  const previous = loadPrevious();
  const results: Results = {
    generatedAt: new Date().toISOString(),
    machine: {
      cores: layout.cores,
      pinning: layout.pinning,
      loadCores: layout.load,
      serverCores: layout.server,
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
    },
    settings,
    // Cases not run this time keep their last figures (each carries its own date).
    cases: { ...(previous?.cases ?? {}) },
  };
  // Keep the table in the case order.
  const ordered = () =>
    Object.fromEntries(
      Object.keys(CASES)
        .filter((k) => results.cases[k])
        .map((k) => [k, results.cases[k]]),
    );

  let failed = false;
  for (const name of options.cases) {
    const { title, run } = CASES[name];
    ctx.log(`== ${title}`);
    const t0 = Date.now();
    const load0 = loadAverage();
    const pressure0 = cpuPressure();
    const times0 = cpuTimes();
    // When and under what load the case ran, whatever its outcome.
    const ran = (): CaseRun => ({
      name,
      title,
      startedAt: new Date(t0).toISOString(),
      durationS: (Date.now() - t0) / 1000,
      loadAverage: [load0, loadAverage()],
      cpuPressure: [pressure0, cpuPressure()],
      stolenCpuPct: stolenPct(times0, cpuTimes()),
    });
    let result: CaseResult;
    try {
      const out = await run(ctx);
      result = { ...ran(), ...out };
      if (options.quick)
        result.notes.unshift('Quick run (--quick): fewer and shorter runs, a smoke test rather than a result.');
      if (buildNote) result.notes.unshift(buildNote);
    } catch (err) {
      failed = true;
      console.error(err);
      result = {
        ...ran(),
        metrics: [],
        notes: [],
        profiles: {},
        details: {},
        error: (err as Error).stack ?? String(err),
      };
    }
    results.cases[name] = result;
    results.cases = ordered();
    writeResults(results);
    ctx.log(`   done in ${result.durationS.toFixed(0)} s`);
  }
  ctx.log(`all done in ${((Date.now() - started) / 1000).toFixed(0)} s: bench/results/latest.md`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
