import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Seconds until the next rotation: ticks each second while playing and calls `onRotate` at 0, then
 * starts again from `seconds`. `restart` begins a fresh countdown (after a manual rotation).
 */
export function useCountdown(seconds: number, playing: boolean, onRotate: () => void) {
  const period = Math.max(1, Math.round(seconds) || 1);
  const [remaining, setRemaining] = useState(period);
  const rotate = useRef(onRotate);
  useEffect(() => {
    rotate.current = onRotate;
  });

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setRemaining((r) => r - 1), 1000);
    return () => clearInterval(timer);
  }, [playing]);

  useEffect(() => {
    if (remaining > 0) return;
    setRemaining(period);
    rotate.current();
  }, [remaining, period]);

  // A set of another length (one with video clips) starts its own countdown.
  useEffect(() => setRemaining(period), [period]);

  const restart = useCallback(() => setRemaining(period), [period]);
  return { remaining, restart };
}
