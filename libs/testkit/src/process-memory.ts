import { readFileSync } from 'node:fs';

export interface MemoryReading {
  /** Resident memory now, in KiB. */
  rssKiB: number;
  /** The kernel's record of the peak resident memory of the process, in KiB. */
  hwmKiB: number;
}

/** VmRSS and VmHWM of a process from /proc/<pid>/status (Linux), or null once it is gone. */
export function readProcessMemory(pid: number): MemoryReading | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssKiB: field('VmRSS'), hwmKiB: field('VmHWM') };
  } catch {
    return null;
  }
}

/** Samples a process's memory every `intervalMs` until stopped; reports the peaks seen. */
export function sampleProcessMemory(pid: number, intervalMs = 50) {
  let peakRssKiB = 0;
  let lastHwmKiB = 0;
  let samples = 0;
  const take = () => {
    const reading = readProcessMemory(pid);
    if (!reading) return;
    samples++;
    peakRssKiB = Math.max(peakRssKiB, reading.rssKiB);
    lastHwmKiB = Math.max(lastHwmKiB, reading.hwmKiB);
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      take();
      clearInterval(timer);
      return { peakRssKiB, hwmKiB: lastHwmKiB, samples };
    },
  };
}

export const mib = (kib: number) => Math.round((kib / 1024) * 10) / 10;
