import { atFixedRate } from './ticker';

describe('atFixedRate', () => {
  it('calls once per interval and hands each call the time it was due, from the start on', async () => {
    const calls: Array<[number, number]> = [];
    const start = Date.now();
    const fired = await atFixedRate(100, 100, (i, dueAt) => calls.push([i, dueAt]));

    expect(fired).toBe(10);
    expect(calls.map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Due times follow the schedule exactly, whenever the timer actually woke (a late sender shows its delay).
    expect(calls.map(([, dueAt]) => dueAt - calls[0][1])).toEqual(
      [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((ms) => expect.closeTo(ms, 6)),
    );
    expect(Math.abs(calls[0][1] - start)).toBeLessThan(50);
  });
});
