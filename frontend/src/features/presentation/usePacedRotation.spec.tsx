import { act, renderHook } from '@testing-library/react';
import type { Rotatable } from './rotation';
import { NEW_MEMORY_DELAY_MS, usePacedRotation, type PacedRotationOptions } from './usePacedRotation';

const memory = (id: string): Rotatable => ({ id, featured: false, createdAt: '2025-06-01T12:00:00.000Z' });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function render(initial: PacedRotationOptions) {
  return renderHook((props: PacedRotationOptions) => usePacedRotation(props), { initialProps: initial });
}

const second = () => act(() => jest.advanceTimersByTime(1000));

describe('usePacedRotation', () => {
  it('keeps each memory up for its whole slot however fast memories arrive, and queues the new ones in order', () => {
    let memories = [memory('a'), memory('b')];
    const options = { limit: 1, slotSeconds: 10, playing: true };
    const { result, rerender } = render({ ...options, memories });
    const first = result.current.selection[0];
    expect(first).toBeDefined();

    // One new memory a second for 30 s; the screen is sampled every second.
    const shownAt: { id: string; at: number }[] = [{ id: first, at: 0 }];
    for (let s = 1; s <= 30; s++) {
      memories = [memory(`new-${s}`), ...memories];
      rerender({ ...options, memories });
      second();
      const id = result.current.selection[0];
      if (id !== shownAt.at(-1)!.id) shownAt.push({ id, at: s });
      if (s === 9) expect(result.current.waiting).toBe(9);
    }
    // It changed only when a slot ended, and showed the arrivals first come, first shown.
    expect(shownAt).toEqual([
      { id: first, at: 0 },
      { id: 'new-1', at: 10 },
      { id: 'new-2', at: 20 },
      { id: 'new-3', at: 30 },
    ]);
    expect(result.current.waiting).toBe(27);
    expect(result.current.remaining).toBe(10);
  });

  it('shows a new memory 500 ms after it arrives when the screen has room, keeping the others up', () => {
    const options = { limit: 3, slotSeconds: 20, playing: true };
    const { result, rerender } = render({ ...options, memories: [memory('a')] });
    expect(result.current.selection).toEqual(['a']);
    second();
    rerender({ ...options, memories: [memory('b'), memory('a')] });
    expect(result.current.waiting).toBe(1);
    act(() => jest.advanceTimersByTime(NEW_MEMORY_DELAY_MS - 1));
    expect(result.current.selection).toEqual(['a']);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.selection).toEqual(['a', 'b']);
    expect(result.current.waiting).toBe(0);
    expect(result.current.remaining).toBe(20);
  });

  it('does not let a memory in before it is ready, and fills its place once it is', () => {
    const options = { limit: 2, slotSeconds: 20, playing: true };
    const memories = [memory('photo'), memory('text')];
    let ready = new Set(['text']);
    const { result, rerender } = render({ ...options, memories, isReady: (id) => ready.has(id) });
    expect(result.current.selection).toEqual(['text']);
    for (let s = 0; s < 25; s++) second();
    expect(result.current.selection).toEqual(['text']);
    ready = new Set(['text', 'photo']);
    rerender({ ...options, memories, isReady: (id) => ready.has(id) });
    act(() => jest.advanceTimersByTime(NEW_MEMORY_DELAY_MS));
    expect(result.current.selection).toEqual(['text', 'photo']);
  });

  it('rotates at once when the host asks, whatever is left of the slot', () => {
    const options = { limit: 1, slotSeconds: 20, playing: true };
    const { result } = render({ ...options, memories: [memory('a'), memory('b')] });
    const before = result.current.selection[0];
    second();
    act(() => result.current.rotateNow());
    expect(result.current.selection[0]).not.toBe(before);
    expect(result.current.remaining).toBe(20);
  });

  it('waits for the memories before the first set', () => {
    const options = { limit: 2, slotSeconds: 20, playing: true };
    const { result, rerender } = render({ ...options, memories: [], loading: true });
    expect(result.current.selection).toEqual([]);
    rerender({ ...options, memories: [memory('a'), memory('b')], loading: false });
    expect(result.current.selection.sort()).toEqual(['a', 'b']);
    expect(result.current.waiting).toBe(0);
  });
});
