import { useEffect } from 'react';

let registered = false;

/**
 * Registers the offline shell's worker (built by vite-plugin-pwa, see vite.config.ts), from the venue
 * screens (/display, /presentation) only: a guest's phone on a slow network is not made to download the
 * whole app in the background. Once the page has loaded, so it never competes with the first render.
 * (Vite's development server has no worker: registering there fails, with a warning.)
 */
export function useOfflineShell() {
  useEffect(() => {
    if (registered || !('serviceWorker' in navigator)) return;
    registered = true;
    // What this page read before the worker controlled it went past it: read the public data again
    // through it (images come from the browser's cache), so a reload while offline finds it.
    navigator.serviceWorker.addEventListener('controllerchange', readAgainThroughWorker, { once: true });
    const register = () => navigator.serviceWorker.register('/sw.js').catch((err: unknown) => console.warn('Offline shell unavailable', err));
    if (document.readyState === 'complete') void register();
    else window.addEventListener('load', () => void register(), { once: true });
  }, []);
}

/** The public wall data the worker keeps (see vite.config.ts). */
const KEPT = /^\/api\/(events\/public\/|events\/[^/]+\/memories$|media\/public\/)/;

function readAgainThroughWorker() {
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === location.origin && KEPT.test(url.pathname)) fetch(url).catch(() => undefined);
  }
}
