import { useEffect, useState } from 'react';

let registered = false;

/** A wall that changed is read again through the worker this long after its last change. */
const KEEP_FRESH_DELAY_MS = 2000;

/** The public data the worker keeps (see vite.config.ts): the event, its wall, approved images. */
const KEPT = /^\/api\/(events\/public\/|events\/[^/]+\/memories$|media\/public\/)/;
const WALL = /^\/api\/events\/[^/]+\/memories$/;

/**
 * Registers the offline shell's worker (built by vite-plugin-pwa, see vite.config.ts), from the venue
 * screens (/display, /presentation) only: a guest's phone on a slow network is not made to download the
 * whole app in the background. Once the page has loaded, so it never competes with the first render.
 * (Vite's development server has no worker: registering there fails, with a warning.)
 *
 * `wall` is what the screen shows: live messages change it without a request, so when it changes the
 * wall is read again through the worker, and a reload while offline shows the wall as it last was.
 */
export function useOfflineShell(wall: unknown) {
  const [controlled, setControlled] = useState(() => Boolean(navigator.serviceWorker?.controller));
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onControlled = () => setControlled(true);
    navigator.serviceWorker.addEventListener('controllerchange', onControlled);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', onControlled);
  }, []);

  useEffect(() => {
    if (registered || !('serviceWorker' in navigator)) return;
    registered = true;
    // What the page read before the worker controlled it went past it: read it again through it (images
    // come from the browser's cache).
    navigator.serviceWorker.addEventListener('controllerchange', () => readAgainThroughWorker(KEPT), { once: true });
    const register = () =>
      navigator.serviceWorker
        .register('/sw.js')
        .catch((err: unknown) => console.warn('Offline shell unavailable', err));
    if (document.readyState === 'complete') void register();
    else window.addEventListener('load', () => void register(), { once: true });
  }, []);

  useEffect(() => {
    if (!controlled) return;
    const timer = setTimeout(() => readAgainThroughWorker(WALL), KEEP_FRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wall, controlled]);
}

/** Requests again the page's earlier requests whose path matches `paths` (the worker stores the answers). */
function readAgainThroughWorker(paths: RegExp) {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === location.origin && paths.test(url.pathname)) urls.add(url.href);
  }
  // Past the browser's own cache: the worker must store what the server holds now.
  urls.forEach((url) => void fetch(url, { cache: 'no-store' }).catch(() => undefined));
}
