import { ratioText } from './report';

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
