import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

/**
 * Core layout of a run. With two or more cores the load side (load generator, socket fleet, uploader,
 * this runner) is pinned to core 0 and the servers under test (API instances, the baselines) to the other
 * cores, so that neither steals the other's time. PostgreSQL and Redis are shared machine services: they
 * are never pinned by the bench.
 */
export interface CoreLayout {
  cores: number;
  pinning: boolean;
  /** taskset list for the load side, e.g. "0". */
  load: string;
  /** taskset list for the servers under test, e.g. "1". */
  server: string;
}

export const TASKSET = '/usr/bin/taskset';

export function coreLayout(disabled = false): CoreLayout {
  const cores = availableParallelism();
  const pinning = !disabled && cores >= 2 && existsSync(TASKSET);
  return {
    cores,
    pinning,
    load: pinning ? '0' : '',
    server: pinning ? (cores === 2 ? '1' : `1-${cores - 1}`) : '',
  };
}

/** Pins a running process and all its threads (libuv pool, V8 workers) to the given cores. */
export function pin(pid: number, cpus: string) {
  if (!cpus) return;
  try {
    execFileSync(TASKSET, ['-a', '-cp', cpus, String(pid)], { stdio: 'ignore' });
  } catch {
    // The process may have exited already; the caller notices that on its own.
  }
}

/** CPU time (user+system, ms) a process has used so far, from /proc; NaN when unavailable. */
export function processCpuMs(pid: number): number {
  return statCpuMs(pid, 2);
}

/**
 * CPU time (user+system, ms) of a process and of its children that have ended (ffmpeg, ffprobe: what
 * /proc counts once they are waited for), so far; NaN when unavailable. Unlike wall-clock time, load on a
 * shared machine hardly changes it.
 */
export function processAndChildrenCpuMs(pid: number): number {
  return statCpuMs(pid, 4);
}

/** CPU time (user+system, ms) so far of each of a set of processes, by pid. */
export type CpuSnapshot = Map<number, number>;

/** Every PostgreSQL process on the machine: the server shared by the bench, whose backends answer the API. */
export function postgresCpu(): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')
        snapshot.set(Number(pid), processCpuMs(Number(pid)));
    } catch {
      // The process ended while the list was read.
    }
  }
  return snapshot;
}

/**
 * CPU time (ms) the processes of `to` used since `from` (all of it for one that started after `from`); a
 * process that ended in between is not counted, its time being gone from /proc with it.
 */
export function cpuMsBetween(from: CpuSnapshot, to: CpuSnapshot): number {
  let total = 0;
  for (const [pid, ms] of to) total += ms - (from.get(pid) ?? 0);
  return total;
}

/** How long a process's main thread has run, and waited runnable for a core, so far (ms, /proc/PID/schedstat). */
export interface ThreadSchedule {
  runMs: number;
  waitMs: number;
}

export function mainThreadSchedule(pid: number): ThreadSchedule | undefined {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    return { runMs: run / 1e6, waitMs: wait / 1e6 };
  } catch {
    return undefined;
  }
}

/** The first `fields` of utime, stime, cutime, cstime of /proc/PID/stat, summed, in ms. */
function statCpuMs(pid: number, fields: 2 | 4): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = after.slice(11, 11 + fields).reduce((sum, value) => sum + Number(value), 0);
    return (ticks * 1000) / clockTicks();
  } catch {
    return NaN;
  }
}

let ticksPerSecond = 0;
function clockTicks() {
  if (!ticksPerSecond) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Resident memory of a process in bytes, from /proc; NaN when unavailable. */
export function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The machine's 1-minute load average, noted beside each result (a noisy machine explains a spread). */
export function loadAverage(): number {
  return loadavg()[0];
}

/** CPU pressure (Linux PSI "some avg60", % of time runnable tasks waited for a CPU); NaN when unavailable. */
export function cpuPressure(): number {
  try {
    const text = readFileSync('/proc/pressure/cpu', 'utf8');
    const match = /some avg10=[\d.]+ avg60=([\d.]+)/.exec(text);
    return match ? Number(match[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** The machine's CPU time counters (/proc/stat, clock ticks over every core): time stolen and all of it. */
export interface CpuTimes {
  steal: number;
  total: number;
}

export function cpuTimes(): CpuTimes | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { steal: fields[7], total: fields.reduce((sum, ticks) => sum + ticks, 0) };
  } catch {
    return undefined;
  }
}

/**
 * Share of the machine's CPU time that the hypervisor gave to other guests between two readings (%): time
 * the processes under test were ready to run on a core that was not there. NaN when unknown.
 */
export function stolenPct(from: CpuTimes | undefined, to: CpuTimes | undefined): number {
  if (!from || !to || to.total <= from.total) return NaN;
  return (100 * (to.steal - from.steal)) / (to.total - from.total);
}
