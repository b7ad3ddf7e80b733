import { cpuMsBetween, mainThreadSchedule } from './cpu';

describe('cpuMsBetween', () => {
  it('adds each process’s time since the first reading, all of it for one that started since', () => {
    const from = new Map([
      [10, 100],
      [11, 40],
    ]);
    const to = new Map([
      [10, 130],
      [11, 45],
      [12, 7],
    ]);
    expect(cpuMsBetween(from, to)).toBe(30 + 5 + 7);
  });

  it('leaves out a process that ended in between, rather than taking its whole time off', () => {
    const from = new Map([
      [10, 100],
      [20, 5000],
    ]);
    expect(cpuMsBetween(from, new Map([[10, 120]]))).toBe(20);
  });
});

describe('mainThreadSchedule', () => {
  it('counts the time this thread ran', () => {
    const before = mainThreadSchedule(process.pid)!;
    // Busy for 30 ms of the process's CPU (not of wall time, which a loaded machine would stretch), in a loop
    // that allocates next to nothing: a loop of allocations had the collector's threads take a third of it.
    const start = process.cpuUsage();
    const used = () => (({ user, system }) => user + system)(process.cpuUsage(start));
    let sum = 0;
    while (used() < 30_000) for (let i = 0; i < 100_000; i++) sum += i;
    expect(sum).toBeGreaterThan(0);
    const after = mainThreadSchedule(process.pid)!;
    expect(after.runMs - before.runMs).toBeGreaterThanOrEqual(20);
    expect(after.waitMs).toBeGreaterThanOrEqual(before.waitMs);
  });

  it('is undefined for a process that does not exist', () => {
    expect(mainThreadSchedule(2 ** 31 - 1)).toBeUndefined();
  });
});
