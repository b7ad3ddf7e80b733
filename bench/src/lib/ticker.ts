import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Calls `fire(i, dueAt)` at a fixed rate for `durationMs` (i = 0, 1, 2, …), catching up in bursts when the
 * timer wakes late, and returns how many it fired. `dueAt` is when call i was due (epoch ms): a message
 * stamped with it measures latency from its schedule, so a sender that falls behind shows its own delay
 * too (no coordinated omission). Bounded in count and in time.
 */
export async function atFixedRate(
  rate: number,
  durationMs: number,
  fire: (i: number, dueAt: number) => void,
): Promise<number> {
  const total = Math.max(1, Math.round((rate * durationMs) / 1000));
  const interval = 1000 / rate;
  const t0 = performance.now();
  // The wall clock now, not performance.timeOrigin + t0: timeOrigin is the wall clock when the process
  // started, and a clock adjusted since then moves the two apart (30 s in a half-hour Jest process here).
  const epoch0 = Date.now();
  let fired = 0;
  while (fired < total) {
    const due = Math.min(total, Math.floor((performance.now() - t0) / interval) + 1);
    for (; fired < due; fired++) fire(fired, epoch0 + fired * interval);
    if (performance.now() - t0 > durationMs + 5_000) break;
    await sleep(Math.max(0, Math.min(5, t0 + fired * interval - performance.now())));
  }
  return fired;
}
