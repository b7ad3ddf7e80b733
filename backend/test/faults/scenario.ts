import { stripVTControlCharacters } from 'node:util';
import { Figure, recordScenario } from './report';

/**
 * One fault scenario's bookkeeping: the figures it measured and the promises that held. `run` wraps the
 * test body: a thrown assertion marks the scenario broke (with the message); `save` (in afterAll) writes
 * the record and renders docs/reliability.md whatever happened.
 */
export class FaultScenario {
  private readonly figures: Figure[] = [];
  private readonly held: string[] = [];
  private readonly failures: string[] = [];
  private runs = 0;
  private readonly startedAt = Date.now();
  private endedAt?: number;

  constructor(private readonly meta: { id: number; title: string; tried: string; ifBroken?: string }) {}

  /** Records (or replaces) a figure. */
  figure(label: string, value: number | string, unit?: string, key = false) {
    const existing = this.figures.find((f) => f.label === label);
    if (existing) Object.assign(existing, { value, unit, key: key || existing.key });
    else this.figures.push({ label, value, unit, ...(key ? { key } : {}) });
  }

  /** Records a figure that the summary table shows. */
  key(label: string, value: number | string, unit?: string) {
    this.figure(label, value, unit, true);
  }

  /** States a promise that was just asserted and held. */
  holds(statement: string) {
    this.held.push(statement);
  }

  /** Runs one test of the scenario (a scenario may have several; it held when all of them did). */
  async run(body: (scenario: this) => Promise<void>, label?: string): Promise<void> {
    this.runs++;
    try {
      await body(this);
    } catch (err) {
      const message = stripVTControlCharacters(String((err as Error)?.message ?? err))
        .split('\n')
        .slice(0, 14)
        .join('\n')
        .slice(0, 2000);
      this.failures.push(label ? `${label}:\n${message}` : message);
      throw err;
    } finally {
      this.endedAt = Date.now();
    }
  }

  save() {
    const held = this.runs > 0 && this.failures.length === 0;
    const { ifBroken, ...meta } = this.meta;
    recordScenario({
      ...meta,
      ...(held || !ifBroken ? {} : { analysis: ifBroken }),
      held: this.held,
      figures: this.figures,
      status: held ? 'held' : 'broke',
      failure: held ? undefined : this.failures.join('\n\n') || 'did not run',
      durationMs: (this.endedAt ?? Date.now()) - this.startedAt,
    });
  }
}

/** Percentile of numbers (nearest rank); 0 for none. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Runs `tasks` with at most `limit` at once; results in order. */
export async function pool<T>(limit: number, tasks: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
