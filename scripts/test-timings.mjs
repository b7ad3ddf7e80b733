// Each test file's time, so that the next slow file is seen the day it lands.
//
// As a Jest reporter (jest.config.js lists it), it writes every run's files to a JSON file, slowest first
// (TEST_TIMINGS_FILE, default test-results/timings.json), and prints the slowest few under Jest's summary.
// Jest runs that share a TEST_RUN_ID (the phases of one `npm test`) make one list together.
// Run as a program (`npm run test:timings [file]`), it prints the whole list of the last run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_FILE = 'test-results/timings.json';
/** How many of the slowest files a run prints under its summary. */
const PRINTED = 15;

const fileOf = () => resolve(ROOT, process.env.TEST_TIMINGS_FILE || DEFAULT_FILE);

/** The list as a table: seconds, tests, project and path, one file a line. */
function table(files) {
  return files
    .map(
      (f) =>
        `${f.seconds.toFixed(1).padStart(7)} s ${String(f.tests).padStart(4)} tests  ${f.project.padEnd(11)} ${f.file}`,
    )
    .join('\n');
}

/** The run stored in `path`, if there is a readable one. */
function readRun(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

export default class TimingsReporter {
  constructor() {
    this.files = [];
  }

  onTestFileResult(test, result) {
    this.files.push({
      file: relative(ROOT, result.testFilePath),
      project: test.context.config.displayName?.name ?? '',
      seconds: (result.perfStats.end - result.perfStats.start) / 1000,
      tests: result.testResults.length,
      failed: result.numFailingTests,
    });
  }

  onRunComplete(_contexts, results) {
    if (!this.files.length) return;
    const target = fileOf();
    const runId = process.env.TEST_RUN_ID;
    const earlier = runId ? readRun(target) : undefined;
    const joined = earlier?.runId === runId ? earlier : undefined;
    const files = [...(joined?.files ?? []), ...this.files].sort((a, b) => b.seconds - a.seconds);
    mkdirSync(dirname(target), { recursive: true });
    const run = {
      runId,
      node: process.version,
      startedAt: joined?.startedAt ?? new Date(results.startTime).toISOString(),
      seconds: (joined?.seconds ?? 0) + (Date.now() - results.startTime) / 1000,
      files,
    };
    writeFileSync(target, `${JSON.stringify(run, null, 2)}\n`);
    const total = files.reduce((sum, f) => sum + f.seconds, 0);
    process.stderr.write(
      `\nSlowest test files (${files.length} files, ${total.toFixed(0)} s of file time in ${run.seconds.toFixed(0)} s; ` +
        `all in ${relative(ROOT, target)}, \`npm run test:timings\`):\n${table(files.slice(0, PRINTED))}\n`,
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2] ? resolve(process.argv[2]) : fileOf();
  const run = JSON.parse(readFileSync(target, 'utf8'));
  const total = run.files.reduce((sum, f) => sum + f.seconds, 0);
  console.log(
    `${run.files.length} test files on Node ${run.node}, started ${run.startedAt}: ${total.toFixed(0)} s of file time in ${run.seconds.toFixed(0)} s\n` +
      table(run.files),
  );
}
