import { isMostlyChinese } from './text';

describe('isMostlyChinese (more than 20% Han characters among non-space characters)', () => {
  it.each([
    ['', false],
    ['   \n', false],
    ['Congratulations to you both', false],
    ['祝你们新婚快乐', true],
    ['Happy wedding 新婚快乐', true], // 4 of 16 visible characters: 25%
    ['abcd新', false], // exactly 20%
    ['a b c d 新', false], // spaces do not count: still 1 of 5
    ['abc新', true], // 25%
  ])('%j → %s', (text, expected) => {
    expect(isMostlyChinese(text)).toBe(expected);
  });
});
