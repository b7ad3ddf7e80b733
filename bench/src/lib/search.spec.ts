import { stolenPct } from './cpu';
import { maxRate } from './search';

jest.mock('./cpu', () => ({ cpuTimes: () => undefined, stolenPct: jest.fn() }));
const stolen = stolenPct as jest.MockedFunction<typeof stolenPct>;

/**
 * A system whose probes at 100/s give these verdicts, with this much CPU time stolen during each, in
 * order; any lower rate passes undisturbed. `at100` counts the attempts at 100/s.
 */
function scripted(attempts: Array<{ ok: boolean; stolen: number }>) {
  let at100 = 0;
  stolen.mockReset();
  stolen.mockReturnValue(0);
  for (const a of attempts) stolen.mockReturnValueOnce(a.stolen);
  const probe = async (rate: number) => ({ ok: rate === 100 ? attempts[at100++].ok : true, detail: null });
  return { probe, attemptsAt100: () => at100 };
}

// The search starts at 100/s and may not go higher, so each case is about the attempts at 100/s.
const oneRate = { start: 100, max: 100 };

describe('maxRate and CPU time stolen by the hypervisor', () => {
  it('runs a failed probe again while more than 10% of CPU time was stolen during it, and keeps the pass that follows', async () => {
    const { probe, attemptsAt100 } = scripted([
      { ok: false, stolen: 35 },
      { ok: false, stolen: 40 },
      { ok: true, stolen: 1 },
    ]);
    const found = await maxRate(probe, oneRate);
    expect(attemptsAt100()).toBe(3);
    expect(found.rate).toBe(100);
    expect(found.best?.stolenPct).toBe(1);
  });

  it('counts an undisturbed failure once it is confirmed, and runs it no further', async () => {
    const { probe, attemptsAt100 } = scripted([
      { ok: false, stolen: 2 },
      { ok: false, stolen: 3 },
      { ok: true, stolen: 0 },
    ]);
    const found = await maxRate(probe, oneRate);
    expect(attemptsAt100()).toBe(2);
    expect(found.probes[0]).toMatchObject({ rate: 100, ok: false });
    expect(found.rate).toBeLessThan(100);
  });

  it('gives up on a rate after four attempts however much was stolen', async () => {
    const { probe, attemptsAt100 } = scripted(Array.from({ length: 6 }, () => ({ ok: false, stolen: 50 })));
    const found = await maxRate(probe, oneRate);
    expect(attemptsAt100()).toBe(4);
    expect(found.probes[0]).toMatchObject({ rate: 100, ok: false, stolenPct: 50 });
    expect(found.rate).toBeLessThan(100);
  });
});
