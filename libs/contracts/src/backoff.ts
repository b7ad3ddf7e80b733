/**
 * The wait before try number `n` (0 = the first retry): doubling from `firstMs` up to `maxMs`, of which a
 * random half is waived ("equal jitter"), so that many clients that failed together do not retry in step.
 */
export function jitteredBackoff(
  n: number,
  { firstMs, maxMs }: { firstMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(firstMs * 2 ** n, maxMs);
  return ceiling / 2 + (random() * ceiling) / 2;
}
