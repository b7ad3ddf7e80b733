/**
 * The guest pages whose first screen is written into their HTML at build time (frontend/prerender.ts), so a
 * phone paints the page's heading before the app's script has arrived and run. The API serves a route's
 * file for the route and every path under it (backend/src/common/frontend-pages.ts, from the
 * prerendered.json the build writes); the app then hydrates it.
 */
export const PRERENDERED_PAGES = [
  { route: '/event-code', file: 'event-code.html' },
  // Rendered while the event is being looked up: the same for every event.
  { route: '/contribute', file: 'contribute.html' },
] as const;

/** Whether the page at `pathname` came as prerendered HTML (so the app hydrates it rather than replacing it). */
export function isPrerenderedPath(pathname: string): boolean {
  return PRERENDERED_PAGES.some(({ route }) => pathname === route || pathname.startsWith(`${route}/`));
}
