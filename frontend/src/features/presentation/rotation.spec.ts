import { DisplayOrder } from '@memory-wall/contracts';
import { selectNext, type Rotatable, type RotationState } from './rotation';

const m = (id: string, featured = false, createdAt = '2025-06-01T12:00:00.000Z'): Rotatable => ({
  id,
  featured,
  createdAt,
});
const empty = { shown: new Set<string>(), fresh: new Set<string>() };
const first = () => 0; // shuffle keeps a fixed, predictable order
const options = { random: first };

describe('selectNext', () => {
  const all = [m('a'), m('b'), m('c', true), m('d'), m('e', true)];

  it('puts new never-shown memories first, then featured, then unshown', () => {
    const result = selectNext(all, { shown: new Set(), fresh: new Set(['d']) }, 3, options);
    expect(result.selection[0]).toBe('d');
    expect(result.selection.slice(1).sort()).toEqual(['c', 'e']);
    expect([...result.shown].sort()).toEqual(['c', 'd', 'e']);
    expect(result.fresh.has('d')).toBe(false);
  });

  it('takes unshown ones before reusing earlier ones', () => {
    const result = selectNext(all, { shown: new Set(['a', 'b', 'c']), fresh: new Set() }, 3, options);
    expect(result.selection.slice(0, 2).sort()).toEqual(['d', 'e']);
    expect(['a', 'b', 'c']).toContain(result.selection[2]);
    expect(new Set(result.selection).size).toBe(3);
  });

  it('resets the shown set once everything was shown', () => {
    const result = selectNext(all, { shown: new Set(['a', 'b', 'c', 'd', 'e']), fresh: new Set() }, 2, options);
    expect(result.selection.sort()).toEqual(['c', 'e']); // featured first again
    expect([...result.shown].sort()).toEqual(['c', 'e']);
  });

  it('never selects more than there are, and forgets removed memories', () => {
    const result = selectNext([m('a')], { shown: new Set(['gone']), fresh: new Set(['gone2']) }, 4, options);
    expect(result.selection).toEqual(['a']);
    expect(result.fresh.size).toBe(0);
    expect(selectNext([], empty, 3).selection).toEqual([]);
  });

  it('shows a fresh memory even when featured ones are waiting', () => {
    const result = selectNext(
      [m('f1', true), m('f2', true), m('new')],
      { shown: new Set(), fresh: new Set(['new']) },
      1,
    );
    expect(result.selection).toEqual(['new']);
  });

  it('serves the queue of new memories first come, first shown, keeping the rest queued', () => {
    const memories = [m('n3'), m('n2'), m('n1'), m('old')]; // the list is newest first
    const result = selectNext(memories, { shown: new Set(['old']), fresh: new Set(['n1', 'n2', 'n3']) }, 2, options);
    expect(result.selection).toEqual(['n1', 'n2']);
    expect([...result.fresh]).toEqual(['n3']);
  });

  it.each([
    [DisplayOrder.Newest, ['c', 'b', 'a']],
    [DisplayOrder.Oldest, ['a', 'b', 'c']],
  ])('cycles through unshown memories in the display order %s', (order, expected) => {
    const dated = [
      m('b', false, '2025-06-02T00:00:00Z'),
      m('a', false, '2025-06-01T00:00:00Z'),
      m('c', false, '2025-06-03T00:00:00Z'),
    ];
    let state: RotationState = { shown: new Set(), fresh: new Set() };
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const next = selectNext(dated, state, 1, { order });
      seen.push(...next.selection);
      state = next;
    }
    expect(seen).toEqual(expected);
  });

  it('leaves out memories that are not ready, without losing their place in the queue', () => {
    const memories = [m('photo'), m('text'), m('other')];
    const isReady = (id: string) => id !== 'photo';
    const result = selectNext(memories, { shown: new Set(['other']), fresh: new Set(['photo', 'text']) }, 2, {
      isReady,
      random: first,
    });
    expect(result.selection).toEqual(['text', 'other']);
    expect([...result.fresh]).toEqual(['photo']);
    const later = selectNext(memories, result, 1, { random: first });
    expect(later.selection).toEqual(['photo']);
  });

  it('keeps the memories on the screen and fills the places left', () => {
    const result = selectNext(all, { shown: new Set(['a']), fresh: new Set(['d']) }, 3, { keep: ['a'], random: first });
    expect(result.selection.slice(0, 2)).toEqual(['a', 'd']);
    expect(result.selection).toHaveLength(3);
  });
});
