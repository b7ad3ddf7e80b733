import { columnsFor, selectNext, type Rotatable } from './rotation';

const m = (id: string, featured = false): Rotatable => ({ id, featured });
const empty = { shown: new Set<string>(), fresh: new Set<string>() };
const first = () => 0; // shuffle keeps a fixed, predictable order

describe('selectNext', () => {
  const all = [m('a'), m('b'), m('c', true), m('d'), m('e', true)];

  it('puts new never-shown memories first, then featured, then unshown', () => {
    const result = selectNext(all, { shown: new Set(), fresh: new Set(['d']) }, 3, first);
    expect(result.selection[0]).toBe('d');
    expect(result.selection.slice(1).sort()).toEqual(['c', 'e']);
    expect([...result.shown].sort()).toEqual(['c', 'd', 'e']);
    expect(result.fresh.has('d')).toBe(false);
  });

  it('takes unshown ones before reusing earlier ones', () => {
    const result = selectNext(all, { shown: new Set(['a', 'b', 'c']), fresh: new Set() }, 3, first);
    expect(result.selection.slice(0, 2).sort()).toEqual(['d', 'e']);
    expect(['a', 'b', 'c']).toContain(result.selection[2]);
    expect(new Set(result.selection).size).toBe(3);
  });

  it('resets the shown set once everything was shown', () => {
    const result = selectNext(all, { shown: new Set(['a', 'b', 'c', 'd', 'e']), fresh: new Set() }, 2, first);
    expect(result.selection.sort()).toEqual(['c', 'e']); // featured first again
    expect([...result.shown].sort()).toEqual(['c', 'e']);
  });

  it('never selects more than there are, and forgets removed memories', () => {
    const result = selectNext([m('a')], { shown: new Set(['gone']), fresh: new Set(['gone2']) }, 4, first);
    expect(result.selection).toEqual(['a']);
    expect(result.fresh.size).toBe(0);
    expect(selectNext([], empty, 3).selection).toEqual([]);
  });

  it('shows a fresh memory even when featured ones are waiting', () => {
    const result = selectNext([m('f1', true), m('f2', true), m('new')], { shown: new Set(), fresh: new Set(['new']) }, 1);
    expect(result.selection).toEqual(['new']);
  });
});

describe('columnsFor', () => {
  it.each([
    [1, 10, 1920, 1],
    [2, 10, 1920, 2],
    [3, 10, 1920, 3],
    [4, 10, 1920, 4],
    [6, 10, 1920, 4],
    [null, 3, 1920, 2],
    [null, 4, 1920, 2],
    [null, 5, 1920, 3],
    [null, 9, 1920, 3],
    [null, 10, 1920, 4],
    [null, 12, 1920, 4],
    [null, 13, 1920, 5],
    [null, 13, 1280, 4],
    [null, 13, 1279, 3],
    [0, 13, 1919, 4],
    [4, 2, 1920, 2],
    [null, 1, 1920, 1],
    [3, 1, 1920, 1],
  ])('limit %p with %p memories at width %p gives %p columns', (limit, count, width, expected) => {
    expect(columnsFor(limit, count, width)).toBe(expected);
  });
});
