import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, relative, resolve } from 'node:path';

/**
 * The figures of the fault scenarios and docs/reliability.md made from them. Each scenario file writes its
 * record to docs/reliability.json when it ends (held or broke), then the document is rendered again from
 * every record, so after the last file of a run the document holds the whole run. The records are kept in
 * git beside the document: a run of one scenario replaces that scenario's record and keeps the others'.
 */
const ROOT = resolve(__dirname, '../../..');
export const FIGURES_FILE = resolve(ROOT, 'docs/reliability.json');
/** Every scenario there is: one per file. */
const SCENARIO_FILES = readdirSync(__dirname).filter((name) => name.endsWith('.faults-spec.ts')).length;
export const REPORT_FILE = resolve(ROOT, 'docs/reliability.md');

export interface Figure {
  label: string;
  value: number | string;
  unit?: string;
  /** Shown in the summary table. */
  key?: boolean;
}

export interface ScenarioRecord {
  id: number;
  title: string;
  /** What was done to the system, in a sentence or two. */
  tried: string;
  /** What was asserted and held (filled in as the assertions pass). */
  held: string[];
  figures: Figure[];
  status: 'held' | 'broke';
  /** The first lines of the failure, when it broke. */
  failure?: string;
  /** What the fault analysis found to be the cause when it breaks, and the fix (shown only when it broke). */
  analysis?: string;
  durationMs: number;
  recordedAt: string;
  /** The Jest process that ran it: records of one run share it. */
  runPid: number;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGiB: number;
    node: string;
    redis: string;
    /** The 1-minute load average when the scenario ended: how busy the machine was (shared CI, parallel work). */
    load?: number;
  };
}

interface FiguresFile {
  scenarios: Record<string, ScenarioRecord>;
}

function readFigures(): FiguresFile {
  if (!existsSync(FIGURES_FILE)) return { scenarios: {} };
  try {
    return JSON.parse(readFileSync(FIGURES_FILE, 'utf8')) as FiguresFile;
  } catch {
    return { scenarios: {} };
  }
}

let redisVersion: string | undefined;
function machine(): ScenarioRecord['machine'] {
  if (redisVersion === undefined) {
    try {
      redisVersion =
        /v=(\S+)/.exec(execFileSync('redis-server', ['--version'], { encoding: 'utf8' }))?.[1] ?? 'unknown';
    } catch {
      redisVersion = 'unknown';
    }
  }
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    redis: redisVersion,
    load: Math.round(loadavg()[0] * 10) / 10,
  };
}

/** Stores one scenario's record (replacing its previous one) and renders docs/reliability.md again. */
export function recordScenario(record: Omit<ScenarioRecord, 'recordedAt' | 'runPid' | 'machine'>) {
  const figures = readFigures();
  figures.scenarios[String(record.id)] = {
    ...record,
    recordedAt: new Date().toISOString(),
    runPid: process.pid,
    machine: machine(),
  };
  mkdirSync(dirname(FIGURES_FILE), { recursive: true });
  writeFileSync(FIGURES_FILE, `${JSON.stringify(figures, null, 2)}\n`);
  renderReport(figures);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const formatValue = (f: Figure) =>
  `${typeof f.value === 'number' ? f.value.toLocaleString('en-US') : f.value}${f.unit ? ` ${f.unit}` : ''}`;

/** Renders docs/reliability.md from the stored records. */
export function renderReport(figures = readFigures()) {
  const records = Object.values(figures.scenarios).sort((a, b) => a.id - b.id);
  const latest = records.reduce<ScenarioRecord | undefined>(
    (last, r) => (!last || r.recordedAt > last.recordedAt ? r : last),
    undefined,
  );
  const lines: string[] = [];
  lines.push('# Reliability: the fault scenarios and their last run');
  lines.push('');
  lines.push(
    'Memory Wall promises that a memory a guest was told is saved (2xx) is never lost, that screens show every approved',
    'memory exactly once, that nothing reaches a public screen unmoderated, and that credits follow the ledger. The',
    'fault scenarios of issue #9 break the system on purpose and check those promises with real processes: the built',
    'API (`backend/dist/main.js`) and workers (`workers/dist/main.js`), real PostgreSQL and Redis, local fakes of',
    'OpenAI and Stripe. They live in `backend/test/faults/` and run with:',
  );
  lines.push('');
  lines.push('```sh');
  lines.push('npm run test:faults            # build, then: jest --selectProjects faults --runInBand');
  lines.push('# or, with a fresh server build:');
  lines.push('npm run build:server && npx jest --selectProjects faults --runInBand');
  lines.push('```');
  lines.push('');
  lines.push(
    `This file is generated by \`backend/test/faults/report.ts\` from \`${relative(ROOT, FIGURES_FILE)}\` at the end of`,
    'every scenario file: do not edit it by hand. Each scenario asserts what must hold (the test fails otherwise) and',
    'records its figures whether it held or not. A scenario run on its own replaces its own record; the others keep',
    'theirs, marked with the run they come from.',
  );
  lines.push('');
  if (!latest) {
    lines.push('No scenario has run yet.');
    writeOut(lines);
    return;
  }
  const m = latest.machine;
  const sameRun = records.filter((r) => r.runPid === latest.runPid);
  lines.push('## The last run');
  lines.push('');
  lines.push(
    `- Finished: ${latest.recordedAt} (${sameRun.length} of ${records.length} scenarios in this run${records.length < SCENARIO_FILES ? `; ${SCENARIO_FILES - records.length} never recorded` : ''})`,
  );
  lines.push(
    `- Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB memory; Node ${m.node}; redis-server ${m.redis}` +
      (m.load === undefined ? '' : `; load average ${m.load} at the end`),
  );
  lines.push(`- Held: ${records.filter((r) => r.status === 'held').length} of ${records.length}`);
  lines.push('');
  lines.push('| # | Fault | Held | Key figures | Duration |');
  lines.push('| --- | --- | --- | --- | --- |');
  for (const r of records) {
    const keyFigures = r.figures.some((f) => f.key) ? r.figures.filter((f) => f.key) : r.figures.slice(0, 4);
    const key = keyFigures.map((f) => `${f.label}: ${formatValue(f)}`).join('; ');
    const stale = r.runPid !== latest.runPid ? ` (earlier run, ${r.recordedAt})` : '';
    lines.push(
      `| ${r.id} | [${cell(r.title)}](#${anchor(r)}) | ${r.status === 'held' ? 'yes' : '**NO**'}${stale} | ${cell(key)} | ${seconds(r.durationMs)} |`,
    );
  }
  lines.push('');
  for (const r of records) {
    lines.push(`## ${r.id}. ${r.title}`);
    lines.push('');
    lines.push(`**Tried:** ${r.tried}`);
    lines.push('');
    lines.push(
      `**Result:** ${r.status === 'held' ? 'held' : '**broke**'} in ${seconds(r.durationMs)} (recorded ${r.recordedAt}${r.runPid !== latest.runPid ? ', an earlier run' : ''}${r.machine.load === undefined ? '' : `; load average ${r.machine.load} on ${r.machine.cpus} CPUs`}).`,
    );
    lines.push('');
    if (r.failure) {
      lines.push('```text');
      lines.push(r.failure);
      lines.push('```');
      lines.push('');
    }
    if (r.analysis) {
      lines.push(`**Why it broke:** ${r.analysis}`);
      lines.push('');
    }
    if (r.held.length) {
      lines.push('What held:');
      lines.push('');
      for (const h of r.held) lines.push(`- ${h}`);
      lines.push('');
    }
    lines.push('| Figure | Value |');
    lines.push('| --- | --- |');
    for (const f of r.figures) lines.push(`| ${cell(f.label)} | ${cell(formatValue(f))} |`);
    lines.push('');
  }
  writeOut(lines);
}

function anchor(r: ScenarioRecord) {
  return `${r.id}-${r.title}`
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/ /g, '-');
}

function writeOut(lines: string[]) {
  mkdirSync(dirname(REPORT_FILE), { recursive: true });
  writeFileSync(REPORT_FILE, `${lines.join('\n').replace(/\n+$/, '')}\n`);
}
