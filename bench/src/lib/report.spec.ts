import { absoluteMetric, ratioMetric, ratioText } from './report';

describe('ratioText', () => {
  it('rounds down, so a ratio just below its target does not read as reaching it', () => {
    expect(ratioText(0.7954)).toBe('0.79×');
    expect(ratioText(0.8)).toBe('0.80×');
    expect(ratioText(2.079)).toBe('2.07×');
  });

  it('keeps ratios whose binary value falls just below their two decimals', () => {
    expect(ratioText(0.29)).toBe('0.29×');
    expect(ratioText(0.57)).toBe('0.57×');
    expect(ratioText(1.13)).toBe('1.13×');
  });
});

describe('metrics against their targets', () => {
  it('checks a ratio target on the medians, and an absolute one on the product', () => {
    const ratio = ratioMetric('reads/s', 'req/s', [70, 80, 90], [100, 100, 100], { atLeast: 0.8 });
    expect(ratio).toMatchObject({ ratio: 0.8, target: '≥ 0.8× baseline', met: true });
    expect(ratioMetric('reads/s', 'req/s', [70, 79, 90], [100, 100, 100], { atLeast: 0.8 }).met).toBe(false);
    const both = ratioMetric('p99', 'ms', [40, 50, 60], [5, 5, 5], { absoluteAtMost: 45 });
    expect(both).toMatchObject({ ratio: 10, target: '≤ 45 ms', met: false });
  });

  it('reports an absolute target with or without a baseline, and none as not judged', () => {
    expect(absoluteMetric('p99', 'ms', [10, 20, 30], { atMost: 25 })).toMatchObject({
      baseline: null,
      ratio: null,
      target: '≤ 25 ms',
      met: true,
    });
    expect(absoluteMetric('rate', '/s', [1, 2, 3], { atLeast: 3 }, [4, 4, 4])).toMatchObject({
      ratio: 0.5,
      met: false,
    });
    expect(absoluteMetric('rate', '/s', [1, 2, 3], null)).toMatchObject({ target: undefined, met: null });
    expect(absoluteMetric('rate', '/s', [NaN], { atLeast: 1 }).met).toBe(false);
  });
});
