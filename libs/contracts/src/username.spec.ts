import { AuthMessages, normalizeUsername, usernameProblem } from './auth';

describe('usernameProblem', () => {
  it.each(['pat_planner', 'Анна', '王小美', "o'brien"])('accepts %s', (name) => {
    expect(usernameProblem(name)).toBeNull();
  });

  it.each(['pat@example.com', 'two words', 'zero\u200bwidth', 'bidi\u202eevil', 'tab\tname'])('refuses %j', (name) => {
    expect(usernameProblem(name)).toBe(AuthMessages.usernameCharacters);
  });

  it('measures the normalised name', () => {
    expect(usernameProblem('  ab ')).toBe(AuthMessages.usernameTooShort);
    expect(normalizeUsername(' ｐａｔ ')).toBe('pat');
  });
});
