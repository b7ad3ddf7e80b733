import { act, renderHook } from '@testing-library/react';
import { useCountdown } from './useCountdown';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup(playing = true) {
  const onRotate = jest.fn();
  const hook = renderHook(({ playing }) => useCountdown(5, playing, onRotate), { initialProps: { playing } });
  const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
  return { onRotate, hook, advance };
}

describe('useCountdown', () => {
  it('ticks each second and rotates at 0, then starts over', () => {
    const { onRotate, hook, advance } = setup();
    expect(hook.result.current.remaining).toBe(5);
    advance(1000);
    expect(hook.result.current.remaining).toBe(4);
    advance(3000);
    expect(hook.result.current.remaining).toBe(1);
    expect(onRotate).not.toHaveBeenCalled();
    advance(1000);
    expect(onRotate).toHaveBeenCalledTimes(1);
    expect(hook.result.current.remaining).toBe(5);
    advance(5000);
    expect(onRotate).toHaveBeenCalledTimes(2);
  });

  it('stops while paused and continues when played again', () => {
    const { onRotate, hook, advance } = setup();
    advance(2000);
    hook.rerender({ playing: false });
    advance(10_000);
    expect(hook.result.current.remaining).toBe(3);
    expect(onRotate).not.toHaveBeenCalled();
    hook.rerender({ playing: true });
    advance(3000);
    expect(onRotate).toHaveBeenCalledTimes(1);
  });

  it('restarts from the full time after a manual rotation', () => {
    const { onRotate, hook, advance } = setup();
    advance(3000);
    act(() => hook.result.current.restart());
    expect(hook.result.current.remaining).toBe(5);
    advance(4000);
    expect(onRotate).not.toHaveBeenCalled();
  });
});
