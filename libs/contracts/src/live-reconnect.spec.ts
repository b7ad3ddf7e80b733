import { reconnectDelay } from './live';

describe('reconnectDelay', () => {
  const attempts = [0, 1, 2, 3, 9, 1000];

  it('starts at 1 s and stops growing at 1.5 s, however many attempts failed', () => {
    expect(attempts.map((n) => reconnectDelay(n, () => 1))).toEqual([1000, 1500, 1500, 1500, 1500, 1500]);
  });

  it('takes between half and all of that at random, so screens do not all come back at once', () => {
    expect(attempts.map((n) => reconnectDelay(n, () => 0))).toEqual([500, 750, 750, 750, 750, 750]);
    expect(reconnectDelay(5, () => 0.5)).toBe(1125);
  });
});
