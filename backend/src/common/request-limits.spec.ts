import { RequestMessages } from '@memory-wall/contracts';
import { bodyShapeProblem, MAX_BODY_DEPTH, MAX_BODY_MEMBERS } from './request-limits';

const nested = (depth: number) => {
  let value: unknown = 1;
  for (let i = 1; i < depth; i++) value = { a: value };
  return { a: value };
};

describe('bodyShapeProblem', () => {
  it('accepts forms, lists and empty bodies', () => {
    expect(bodyShapeProblem(undefined)).toBeNull();
    expect(
      bodyShapeProblem({ name: 'Aunt May', profileData: { fullName: 'May', serviceTypes: ['wedding', 'memorial'] } }),
    ).toBeNull();
    expect(bodyShapeProblem(nested(MAX_BODY_DEPTH))).toBeNull();
    expect(bodyShapeProblem(Array.from({ length: MAX_BODY_MEMBERS }, () => 0))).toBeNull();
  });

  it('refuses too many keys or items, counted over the whole body', () => {
    expect(
      bodyShapeProblem(Object.fromEntries(Array.from({ length: MAX_BODY_MEMBERS + 1 }, (_, i) => [`k${i}`, 0]))),
    ).toBe(RequestMessages.tooManyFields);
    expect(bodyShapeProblem({ a: Array.from({ length: MAX_BODY_MEMBERS }, () => 0) })).toBe(
      RequestMessages.tooManyFields,
    );
  });

  it('refuses nesting beyond the limit, however deep, without recursion', () => {
    expect(bodyShapeProblem(nested(MAX_BODY_DEPTH + 1))).toBe(RequestMessages.nestedTooDeeply);
    expect(bodyShapeProblem(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBe(
      RequestMessages.nestedTooDeeply,
    );
  });

  it('refuses a NUL character in a key or a string anywhere', () => {
    expect(bodyShapeProblem('a\u0000')).toBe(RequestMessages.nulCharacter);
    expect(bodyShapeProblem({ ['k\u0000']: 1 })).toBe(RequestMessages.nulCharacter);
    expect(bodyShapeProblem({ a: [{ b: 'x\u0000y' }] })).toBe(RequestMessages.nulCharacter);
  });
});
