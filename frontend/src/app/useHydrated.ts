import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React adopts a page's prerendered HTML (and in that rendering itself), true in every other
 * render: a page whose first screen depends on what the browser learns (a session, an event already
 * fetched) shows the prerendered one until hydration is done, so the two match and nothing jumps.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
