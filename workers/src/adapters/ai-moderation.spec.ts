import { AiModerationUnavailable, verdictOf } from './ai-moderation';

/** One result as OpenAI's omni-moderation sends it, for a request of `types`. */
const result = (flagged: boolean, types: string[]) => ({
  flagged,
  categories: { violence: flagged, harassment: false },
  category_scores: { violence: flagged ? 0.9 : 0.01, harassment: 0.01 },
  category_applied_input_types: { violence: types, harassment: types.filter((t) => t === 'text') },
});

describe('verdictOf (reading an OpenAI moderation answer)', () => {
  it('reads a complete answer: clean, or flagged with its categories', () => {
    expect(verdictOf({ results: [result(false, ['text'])] }, ['text'])).toEqual({ flagged: false, categories: [] });
    expect(verdictOf({ results: [result(true, ['text', 'image'])] }, ['text', 'image'])).toEqual({
      flagged: true,
      categories: ['violence'],
    });
  });

  it.each([
    ['an empty results list', { results: [] }, ['text']],
    ['no results at all', {}, ['text']],
    ['a result without a flagged verdict', { results: [{ categories: {} }] }, ['text']],
    ['a result that never looked at the photo', { results: [result(false, ['text'])] }, ['text', 'image']],
    ['a result without applied input types', { results: [{ flagged: false, categories: {} }] }, ['text']],
    [
      'more results than the one input asked',
      { results: [result(false, ['text']), result(false, ['text'])] },
      ['text'],
    ],
  ] as const)('treats %s as unavailable (held for a human), never as approval', (_, response, sent) => {
    expect(() => verdictOf(response as { results?: unknown }, sent)).toThrow(AiModerationUnavailable);
  });
});
