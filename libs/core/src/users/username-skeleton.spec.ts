import { usernameSkeleton } from './username-skeleton';

describe('usernameSkeleton', () => {
  it.each([
    ['Cyrillic letters', 'раураl', 'paypal'],
    ['a digit one for l', 'paypa1', 'paypal'],
    ['a capital I for l', 'paypaI', 'paypal'],
    ['capitals', 'PAYPAL', 'paypal'],
    ['full-width letters', 'ｐａｙｐａｌ', 'paypal'],
    ['a zero-width space', 'pay\u200bpal', 'paypal'],
  ])('maps a look-alike written with %s to the same key', (_, lookAlike, original) => {
    expect(usernameSkeleton(lookAlike)).toBe(usernameSkeleton(original));
  });

  it('keeps different names apart', () => {
    expect(usernameSkeleton('anna')).not.toBe(usernameSkeleton('anne'));
    expect(usernameSkeleton('маша')).not.toBe(usernameSkeleton('паша'));
  });
});
