import { findKeyword, MAX_KEYWORD_LENGTH, MAX_MODERATION_KEYWORDS, normalizeKeywords } from './moderation';

describe('findKeyword', () => {
  it('finds a keyword as a whole word, whatever its case and accents', () => {
    expect(findKeyword('What a CRÈME brûlée', ['creme'])).toBe('creme');
    expect(findKeyword('What a creme brulee', ['Crème'])).toBe('Crème');
    expect(findKeyword('Die STRASSE war voll', ['straße'])).toBe('straße');
    expect(findKeyword('Bad, really.', ['bad'])).toBe('bad');
  });

  it('does not find a keyword inside a longer word', () => {
    expect(findKeyword('Badminton at noon', ['bad'])).toBeNull();
    expect(findKeyword('A sunbad day', ['bad'])).toBeNull();
    expect(findKeyword('Crèmerie', ['creme'])).toBeNull();
  });

  it('finds a phrase of several words', () => {
    expect(findKeyword('We met at the old\n  mill', ['old mill'])).toBe('old mill');
    expect(findKeyword('We met at the old millpond', ['old mill'])).toBeNull();
  });

  it('finds a Chinese or Japanese keyword anywhere in the text (no spaces between words there)', () => {
    expect(findKeyword('祝你们新婚快乐', ['新婚'])).toBe('新婚');
    expect(findKeyword('おめでとうございます', ['めでとう'])).toBe('めでとう');
    expect(findKeyword('祝你们快乐', ['新婚'])).toBeNull();
  });

  it('finds a spaced word written between Chinese characters', () => {
    expect(findKeyword('我爱damn你们', ['damn'])).toBe('damn');
  });

  it('answers the first keyword found, and null for no keywords', () => {
    expect(findKeyword('one two', ['three', 'two', 'one'])).toBe('two');
    expect(findKeyword('anything', [])).toBeNull();
    expect(findKeyword('a (b) c', ['(b)'])).toBe('(b)');
  });
});

describe('normalizeKeywords', () => {
  it('trims, drops blanks and repeats (case and accents aside), keeping the first spelling', () => {
    expect(normalizeKeywords([' Crème ', 'creme', '', '  ', 'old   mill', 'OLD MILL', '新婚'])).toEqual([
      'Crème',
      'old mill',
      '新婚',
    ]);
  });

  it('refuses a word over the limit and a list over the limit', () => {
    expect(normalizeKeywords(['x'.repeat(MAX_KEYWORD_LENGTH)])).toHaveLength(1);
    expect(normalizeKeywords(['x'.repeat(MAX_KEYWORD_LENGTH + 1)])).toBeNull();
    const many = Array.from({ length: MAX_MODERATION_KEYWORDS + 1 }, (_, i) => `word${i}`);
    expect(normalizeKeywords(many.slice(1))).toHaveLength(MAX_MODERATION_KEYWORDS);
    expect(normalizeKeywords(many)).toBeNull();
  });
});
