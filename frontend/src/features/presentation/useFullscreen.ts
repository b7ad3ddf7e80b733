import { useCallback, useEffect, useState } from 'react';

/**
 * The browser's Fullscreen API for a venue screen: whether the page is full screen (also when left with
 * Esc or F11), and a toggle. `supported` is false where the browser offers no fullscreen (an iPhone).
 */
export function useFullscreen() {
  const [active, setActive] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setActive(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = useCallback(() => {
    // A refusal (no user gesture, a policy) leaves the page as it is.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  }, []);
  return { supported: !!document.fullscreenEnabled, active, toggle };
}
