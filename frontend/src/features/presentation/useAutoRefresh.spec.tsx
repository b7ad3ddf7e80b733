import { act, renderHook } from '@testing-library/react';
import {
  autoRefreshSeconds,
  DEFAULT_AUTO_REFRESH_SECONDS,
  FULL_REFRESH_THROTTLE_MS,
  useAutoRefresh,
} from './useAutoRefresh';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup(seconds: number, active = true) {
  const refresh = jest.fn();
  const hook = renderHook(({ seconds, active }) => useAutoRefresh(refresh, seconds, active), {
    initialProps: { seconds, active },
  });
  const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
  return { refresh, hook, advance };
}

describe('useAutoRefresh', () => {
  it('refreshes every autoRefresh seconds while there is no live connection', () => {
    const { refresh, advance } = setup(30);
    advance(29_999);
    expect(refresh).not.toHaveBeenCalled();
    advance(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    advance(60_000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('refreshes at most once per 5 s however short autoRefresh is', () => {
    expect(FULL_REFRESH_THROTTLE_MS).toBe(5000);
    const { refresh, advance } = setup(1);
    advance(4999); // the page's own load counts as the first refresh
    expect(refresh).not.toHaveBeenCalled();
    advance(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    advance(4000);
    expect(refresh).toHaveBeenCalledTimes(1);
    advance(1000);
    expect(refresh).toHaveBeenCalledTimes(2);
    advance(20_000);
    expect(refresh).toHaveBeenCalledTimes(6);
  });

  it('does not refresh while live, nor when autoRefresh is 0', () => {
    const live = setup(1, false);
    live.advance(60_000);
    expect(live.refresh).not.toHaveBeenCalled();

    const off = setup(0);
    off.advance(60_000);
    expect(off.refresh).not.toHaveBeenCalled();
  });

  it('starts refreshing when the live connection drops, still no sooner than 5 s after the last refresh', () => {
    const { refresh, hook, advance } = setup(1, false);
    advance(3000);
    hook.rerender({ seconds: 1, active: true });
    advance(1000);
    expect(refresh).not.toHaveBeenCalled();
    advance(1000);
    expect(refresh).toHaveBeenCalledTimes(1);
    hook.rerender({ seconds: 1, active: false });
    advance(60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe('autoRefreshSeconds', () => {
  it.each([
    ['30', 30],
    ['5', 5],
    ['0', 0],
    [undefined, DEFAULT_AUTO_REFRESH_SECONDS],
    [null, DEFAULT_AUTO_REFRESH_SECONDS],
    ['', DEFAULT_AUTO_REFRESH_SECONDS],
    ['soon', DEFAULT_AUTO_REFRESH_SECONDS],
    ['-3', DEFAULT_AUTO_REFRESH_SECONDS],
  ])('reads %p as %p seconds', (setting, seconds) => {
    expect(autoRefreshSeconds(setting)).toBe(seconds);
  });
});
