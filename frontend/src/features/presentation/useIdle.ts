import { useEffect, useState } from 'react';

/** How long without a mouse move, touch or key before a venue screen hides its cursor and controls. */
export const IDLE_AFTER_MS = 3000;

const ACTIVITY = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Whether nobody has touched the screen for `ms`: any activity wakes it at once. */
export function useIdle(ms = IDLE_AFTER_MS): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), ms);
    const wake = () => {
      setIdle(false);
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), ms);
    };
    for (const type of ACTIVITY) window.addEventListener(type, wake, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, wake);
    };
  }, [ms]);
  return idle;
}
