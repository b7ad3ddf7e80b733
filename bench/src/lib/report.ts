import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CoreLayout } from './cpu';
import type { ProfileSummary } from './profile';
import { ROOT } from './procs';
import { ratio, Repeated, repeated } from './stats';

export interface Metric {
  metric: string;
  unit: string;
  product: Repeated | null;
  baseline?: Repeated | null;
  /** product median / baseline median. */
  ratio?: number | null;
  /** The target as stated in the issue, e.g. "≤ 50 ms" or "≥ 0.8× baseline". */
  target?: string;
  /** null: reported, no target. */
  met?: boolean | null;
  note?: string;
}

export interface CaseResult {
  name: string;
  title: string;
  startedAt: string;
  durationS: number;
  /** 1-minute load average when the case started and ended: context for the spread. */
  loadAverage: [number, number];
  /** CPU pressure (PSI some avg60, %) when the case started and ended. */
  cpuPressure?: [number, number];
  /** CPU time the hypervisor gave to other guests while the case ran (% of the machine's): see cpu.stolenPct. */
  stolenCpuPct?: number;
  metrics: Metric[];
  notes: string[];
  profiles: Record<string, ProfileSummary>;
  details: Record<string, unknown>;
  error?: string;
}

export interface Settings {
  logLevel: string;
  workerConcurrency: number;
}

export interface CaseContext {
  layout: CoreLayout;
  /** Repetitions of each measurement (at least 5 unless --quick). */
  reps: number;
  quick: boolean;
  settings: Settings;
  log(line: string): void;
}

/** When and under what load a case ran: the runner's part of its result. */
export type CaseRun = Pick<
  CaseResult,
  'name' | 'title' | 'startedAt' | 'durationS' | 'loadAverage' | 'cpuPressure' | 'stolenCpuPct'
>;

export type CaseModule = (ctx: CaseContext) => Promise<Omit<CaseResult, keyof CaseRun>>;

/**
 * A ratio to two decimals, rounded down: one just below its target (0.795 against ≥ 0.8×) must not read
 * as reaching it. The epsilon keeps 0.29, stored as 0.28999…, at 0.29.
 */
export function ratioText(ratio: number): string {
  return `${(Math.floor(ratio * 100 + 1e-9) / 100).toFixed(2)}×`;
}

/**
 * A metric against its baseline (null: none measured): product / baseline compared to `atLeast` or `atMost`,
 * and the product itself to `absoluteAtLeast` or `absoluteAtMost`.
 */
export function ratioMetric(
  metric: string,
  unit: string,
  product: number[],
  baseline: number[] | null,
  target: { atLeast?: number; atMost?: number; absoluteAtLeast?: number; absoluteAtMost?: number } = {},
  note?: string,
): Metric {
  const p = repeated(product);
  const b = baseline ? repeated(baseline) : null;
  const r = b ? ratio(p.median, b.median) : NaN;
  const parts: string[] = [];
  const checks: boolean[] = [];
  if (target.atLeast !== undefined) {
    parts.push(`≥ ${target.atLeast}× baseline`);
    checks.push(r >= target.atLeast);
  }
  if (target.atMost !== undefined) {
    parts.push(`≤ ${target.atMost}× baseline`);
    checks.push(r <= target.atMost);
  }
  if (target.absoluteAtLeast !== undefined) {
    parts.push(`≥ ${target.absoluteAtLeast} ${unit}`);
    checks.push(p.median >= target.absoluteAtLeast);
  }
  if (target.absoluteAtMost !== undefined) {
    parts.push(`≤ ${target.absoluteAtMost} ${unit}`);
    checks.push(p.median <= target.absoluteAtMost);
  }
  return {
    metric,
    unit,
    product: p,
    baseline: b,
    ratio: Number.isFinite(r) ? r : null,
    target: parts.length ? parts.join(' and ') : undefined,
    met: checks.length ? checks.every(Boolean) && Number.isFinite(p.median) : null,
    note,
  };
}

/** A metric with an absolute target on the product (a baseline figure, when given, is for context). */
export function absoluteMetric(
  metric: string,
  unit: string,
  product: number[],
  target: { atMost?: number; atLeast?: number } | null,
  baseline?: number[],
  note?: string,
): Metric {
  const absolute = { absoluteAtMost: target?.atMost, absoluteAtLeast: target?.atLeast };
  return ratioMetric(metric, unit, product, baseline ?? null, absolute, note);
}

// ---------- results files ----------

export interface Results {
  generatedAt: string;
  machine: { cores: number; pinning: boolean; loadCores: string; serverCores: string; node: string; platform: string };
  settings: Settings;
  cases: Record<string, CaseResult>;
}

export const RESULTS_DIR = resolve(ROOT, 'bench/results');

export function loadPrevious(): Results | null {
  const file = resolve(RESULTS_DIR, 'latest.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function writeAtomically(file: string, text: string) {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

export function writeResults(results: Results) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeAtomically(resolve(RESULTS_DIR, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeAtomically(resolve(RESULTS_DIR, 'latest.md'), markdown(results));
}

const fmt = (v: number | null | undefined, unit = '') => {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const abs = Math.abs(v);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  const text = v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  return unit ? `${text} ${unit}` : text;
};

function figure(r: Repeated | null | undefined, unit: string) {
  if (!r || !Number.isFinite(r.median)) return r && r.runs.length ? `— (no run found a passing rate)` : '—';
  const missing = r.runs.filter((v) => v === null || !Number.isFinite(v)).length;
  const without = missing ? `; ${missing} of ${r.runs.length} runs without result` : '';
  if (r.runs.length - missing <= 1 || r.min === r.max)
    return `${fmt(r.median, unit)}${without ? ` (${without.slice(2)})` : ''}`;
  return `${fmt(r.median, unit)} (${fmt(r.min)}–${fmt(r.max)}${without})`;
}

const metText = (m: Metric) => (m.met === true ? '✅ yes' : m.met === false ? '❌ no' : '—');

export function markdown(results: Results): string {
  const lines: string[] = [];
  const m = results.machine;
  lines.push('# Memory Wall benchmark results', '');
  lines.push(
    `Generated ${results.generatedAt} by \`npm run bench\` · ${m.cores} cores · ` +
      (m.pinning
        ? `load side pinned to core ${m.loadCores}, servers under test to core ${m.serverCores} (fan-out: servers unpinned, see its notes)`
        : 'no core pinning') +
      ` · Node ${m.node} · LOG_LEVEL=${results.settings.logLevel}, WORKER_CONCURRENCY=${results.settings.workerConcurrency}`,
    '',
  );
  lines.push(
    'Figures are the median of the runs, with the spread (min–max) in brackets; the ratio is product / baseline',
  );
  lines.push('(both measured in the same run). See `bench/README.md` for what each case does.', '');
  lines.push(
    '| Case | Metric | Product | Baseline | Ratio | Target | Met? |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const c of Object.values(results.cases)) {
    if (c.error) {
      lines.push(
        `| ${c.title} | (case failed) | ${c.error.split('\n')[0].replace(/\|/g, '\\|').slice(0, 160)} | | | | ❌ no |`,
      );
      continue;
    }
    for (const metric of c.metrics) {
      lines.push(
        `| ${c.title} | ${metric.metric} | ${figure(metric.product, metric.unit)} | ${figure(metric.baseline, metric.unit)} | ` +
          `${metric.ratio != null && Number.isFinite(metric.ratio) ? ratioText(metric.ratio) : '—'} | ${metric.target ?? '—'} | ${metText(metric)} |`,
      );
    }
  }
  const missed = Object.values(results.cases).flatMap((c) =>
    c.metrics.filter((x) => x.met === false).map((x) => ({ c, x })),
  );
  lines.push('');
  if (missed.length) {
    lines.push('## Targets missed', '');
    for (const { c, x } of missed)
      lines.push(
        `- **${c.title} — ${x.metric}**: ${figure(x.product, x.unit)} against ${x.target}.${x.note ? ` ${x.note}` : ''}`,
      );
    lines.push('');
  }
  for (const c of Object.values(results.cases)) {
    const notes = [...c.notes];
    const hasMiss = c.metrics.some((x) => x.met === false);
    if (!notes.length && !(hasMiss && Object.keys(c.profiles).length)) continue;
    lines.push(`## ${c.title}`, '');
    const pressure =
      c.cpuPressure && c.cpuPressure.every(Number.isFinite)
        ? `, CPU pressure ${c.cpuPressure.map((v) => `${v.toFixed(0)}%`).join(' → ')}`
        : '';
    const stolen =
      c.stolenCpuPct !== undefined && Number.isFinite(c.stolenCpuPct)
        ? `, CPU time stolen by the hypervisor ${c.stolenCpuPct.toFixed(1)}%`
        : '';
    lines.push(
      `Ran ${c.startedAt} for ${Math.round(c.durationS)} s; load average ${c.loadAverage.map((v) => v.toFixed(1)).join(' → ')}${pressure}${stolen}.`,
      '',
    );
    for (const n of notes) lines.push(`- ${n}`);
    if (hasMiss) {
      for (const [name, p] of Object.entries(c.profiles)) {
        lines.push(
          '',
          `CPU profile — ${name} (${p.durationMs} ms, idle ${p.idlePct}%, \`${p.file}\`): top self time`,
          '',
        );
        lines.push('| Frame | Self % |', '| --- | --- |');
        for (const f of p.top.slice(0, 12)) lines.push(`| \`${f.frame.replace(/\|/g, '\\|')}\` | ${f.selfPct} |`);
        lines.push(
          '',
          'By package: ' +
            p.byPackage
              .slice(0, 8)
              .map((f) => `${f.frame} ${f.selfPct}%`)
              .join(', '),
        );
      }
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
