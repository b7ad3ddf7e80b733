/**
 * The highest rate a system sustains within its bound (say p99 ≤ 20 ms and no errors), found by probing
 * fixed rates: grow until a probe fails, then bisect (geometrically) between the last pass and the first
 * failure. With a `hint` (the median of earlier runs) it starts there and moves by smaller first steps, so
 * repeated runs cost a few probes each.
 */

import { cpuTimes, stolenPct } from './cpu';

export interface Probe<T> {
  rate: number;
  ok: boolean;
  detail: T;
  /** CPU time stolen by the hypervisor during the probe whose verdict was kept (% of the machine's). */
  stolenPct?: number;
}

/**
 * A failed probe during which the hypervisor took more than this share of the machine's CPU time says
 * nothing about the system under test (its cores were not there): it is run again (see maxRate).
 */
const DISTURBED_STOLEN_PCT = 10;
const MAX_ATTEMPTS_PER_RATE = 4;

export interface SearchOptions {
  start: number;
  max: number;
  hint?: number;
  /** Bisection steps after the bracket is found. */
  refine?: number;
  /** Growth factor without a hint (2) and the first one with a hint (1.25). */
  growth?: number;
  /**
   * Probe a failed rate once more and keep the second verdict. On a shared machine noise only ever adds
   * latency (a stall never makes a server faster), so a pass is evidence and a single failure is not.
   * Independently of this, a failure while the hypervisor stole more than DISTURBED_STOLEN_PCT of the CPU
   * time is run again (up to MAX_ATTEMPTS_PER_RATE attempts in all).
   */
  confirmFailures?: boolean;
  /** At most this many distinct rates per search (default 7): bounds a run's time. */
  maxProbes?: number;
  log?: (line: string) => void;
}

export interface SearchResult<T> {
  /** The highest passing rate (0 when none passed). */
  rate: number;
  /** The probe at that rate. */
  best?: Probe<T>;
  probes: Array<Probe<T>>;
}

export async function maxRate<T>(
  probe: (rate: number) => Promise<{ ok: boolean; detail: T }>,
  options: SearchOptions,
): Promise<SearchResult<T>> {
  const probes: Array<Probe<T>> = [];
  const attempt = async (rate: number) => {
    const before = cpuTimes();
    const { ok, detail } = await probe(rate);
    return { rate, ok, detail, stolenPct: stolenPct(before, cpuTimes()) };
  };
  const run = async (rate: number) => {
    rate = Math.max(1, Math.round(rate));
    let p: Probe<T> = await attempt(rate);
    let undisturbedFailures = 0;
    for (let attempts = 1; !p.ok && attempts < MAX_ATTEMPTS_PER_RATE; attempts++) {
      const disturbed = (p.stolenPct ?? 0) > DISTURBED_STOLEN_PCT;
      if (disturbed)
        options.log?.(`    ${p.stolenPct!.toFixed(0)}% of CPU time stolen during that probe: running it again`);
      else if (++undisturbedFailures >= ((options.confirmFailures ?? true) ? 2 : 1)) break;
      p = await attempt(rate);
    }
    probes.push(p);
    options.log?.(`    ${p.ok ? 'pass' : 'FAIL'} @ ${rate}/s`);
    return p;
  };
  let lo: Probe<T> | undefined;
  let hi: Probe<T> | undefined;
  const growth = options.hint ? 1.25 : (options.growth ?? 2);
  const budget = () => probes.length < (options.maxProbes ?? 7);
  // From a hint, each step in the same direction is bigger than the last (×1.25, ×1.56, ×1.95...), so a hint
  // far off (an unlucky first run) is left behind within the probe budget instead of capping later runs.
  let step = growth;
  const nextStep = () => (step = options.hint ? step * growth : step);
  let rate = Math.min(options.max, options.hint ?? options.start);
  let p = await run(rate);
  if (p.ok) {
    lo = p;
    while (rate < options.max && budget()) {
      rate = Math.min(options.max, rate * step);
      nextStep();
      p = await run(rate);
      if (!p.ok) {
        hi = p;
        break;
      }
      lo = p;
    }
  } else {
    hi = p;
    while (rate > 1 && budget()) {
      rate = rate / step;
      nextStep();
      p = await run(rate);
      if (p.ok) {
        lo = p;
        break;
      }
      hi = p;
    }
  }
  for (let i = 0; i < (options.refine ?? 2) && lo && hi && hi.rate / lo.rate > 1.06 && budget(); i++) {
    p = await run(Math.sqrt(lo.rate * hi.rate));
    if (p.ok) lo = p;
    else hi = p;
  }
  return { rate: lo?.rate ?? 0, best: lo, probes };
}

/**
 * maxRate, run again (once by default) when no probe passed at all: on a shared machine a burst of
 * someone else's work can fail every probe of a run. A run that still finds nothing gives NaN, which
 * the statistics leave out (and the report counts), rather than a 0 that would drag the median down.
 */
export async function maxRateOrNaN<T>(
  probe: (rate: number) => Promise<{ ok: boolean; detail: T }>,
  options: SearchOptions,
  retries = 1,
): Promise<SearchResult<T>> {
  let result = await maxRate(probe, options);
  for (let i = 0; i < retries && !result.best; i++) {
    options.log?.('    no rate passed: running this search again');
    await new Promise((r) => setTimeout(r, 2000));
    const again = await maxRate(probe, options);
    result = { ...again, probes: [...result.probes, ...again.probes] };
  }
  return result.best ? result : { ...result, rate: NaN };
}
