import { matchPath } from 'react-router';
import { eventsApi } from '../api/events';
import { contributeLookup } from '../features/contribute/useContributeEvent';
import type { AppDispatch } from './store';

/** The guest pages' code, imported by the router (lazily) and here (at boot). */
export const loadContributePage = () => import('../features/contribute/ContributePage');
export const loadEventCodePage = () => import('../features/event-code/EventCodePage');

/**
 * Starts what a guest's first page needs as soon as the main bundle runs, before React renders: the
 * page's chunk and, on /contribute, the event look-up, which would otherwise wait for that chunk. The
 * page's own queries then join the request in flight (RTK Query asks once per argument).
 */
export function startGuestRoute(
  dispatch: AppDispatch,
  { pathname, search }: { pathname: string; search: string },
): void {
  if (matchPath('/event-code', pathname)) {
    void loadEventCodePage();
    return;
  }
  const contribute = matchPath('/contribute/:eventId', pathname) ?? matchPath('/contribute', pathname);
  if (!contribute) return;
  void loadContributePage();
  const { id, code } = contributeLookup(
    contribute.params.eventId,
    new URLSearchParams(search).get('code') ?? undefined,
  );
  if (id) void dispatch(eventsApi.util.prefetch('getPublicEvent', id, {}));
  else if (code) void dispatch(eventsApi.util.prefetch('getEventByCode', code, {}));
}
