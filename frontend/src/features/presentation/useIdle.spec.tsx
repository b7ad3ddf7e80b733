import { act, renderHook } from '@testing-library/react';
import { IDLE_AFTER_MS, useIdle } from './useIdle';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useIdle', () => {
  it('turns idle after a few seconds without activity and wakes on a mouse move or a key', () => {
    const { result } = renderHook(() => useIdle());
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(IDLE_AFTER_MS - 1));
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe(true);

    act(() => {
      window.dispatchEvent(new Event('pointermove'));
    });
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(IDLE_AFTER_MS - 1));
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    act(() => jest.advanceTimersByTime(IDLE_AFTER_MS - 1));
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });
});
