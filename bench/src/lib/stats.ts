/** Small statistics helpers shared by every case. Inputs are never mutated. */

export function sorted(values: ArrayLike<number>): Float64Array {
  return Float64Array.from(values).sort();
}

/** Nearest-rank percentile (p in 0..100) of already sorted values; NaN when empty. */
export function percentileOfSorted(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * values.length);
  return values[Math.min(values.length - 1, Math.max(0, rank - 1))];
}

export function percentile(values: ArrayLike<number>, p: number): number {
  return percentileOfSorted(sorted(values), p);
}

export function median(values: ArrayLike<number>): number {
  const s = sorted(values);
  if (s.length === 0) return NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export function latencySummary(values: ArrayLike<number>): LatencySummary {
  const s = sorted(values);
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += s[i];
  return {
    count: s.length,
    p50: percentileOfSorted(s, 50),
    p95: percentileOfSorted(s, 95),
    p99: percentileOfSorted(s, 99),
    max: s.length ? s[s.length - 1] : NaN,
    mean: s.length ? sum / s.length : NaN,
  };
}

/** The figure of a repeated measurement: median of the runs and their spread. */
export interface Repeated {
  median: number;
  min: number;
  max: number;
  /** Interquartile range (p25..p75 by linear interpolation). */
  q1: number;
  q3: number;
  /** (max - min) / median, as a fraction. */
  relSpread: number;
  runs: number[];
}

function quantile(s: Float64Array, q: number): number {
  if (s.length === 0) return NaN;
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

export function repeated(runs: number[]): Repeated {
  const s = sorted(runs.filter((v) => Number.isFinite(v)));
  const med = median(s);
  return {
    median: med,
    min: s.length ? s[0] : NaN,
    max: s.length ? s[s.length - 1] : NaN,
    q1: quantile(s, 0.25),
    q3: quantile(s, 0.75),
    relSpread: s.length && med ? (s[s.length - 1] - s[0]) / med : NaN,
    runs: [...runs],
  };
}

/** product / baseline, NaN when either is missing. */
export function ratio(product: number, baseline: number): number {
  if (!Number.isFinite(product) || !Number.isFinite(baseline) || baseline === 0) return NaN;
  return product / baseline;
}

/** A growable sample buffer that does not allocate per sample. */
export class Samples {
  private data = new Float64Array(1024);
  length = 0;

  push(value: number) {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  values(): Float64Array {
    return this.data.subarray(0, this.length);
  }

  reset() {
    this.length = 0;
  }
}

export const round = (value: number, digits = 2) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);
