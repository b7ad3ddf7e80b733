import type {
  EventByCodeResponse,
  HostEvent,
  HostEventsResponse,
  PublicEvent,
  PublicEventResponse,
} from '@memory-wall/contracts';
import { api } from './api';

// What every page may need of events: the public view of one (guests, screens) and the caller's list (the
// top bar's customer tabs). What only hosts do with an event is in ./hostEvents.ts, injected when a host's
// page loads, so a guest's page does not download it.

/**
 * An event as GET /events lists it (newest first, scoped to the caller).
 * Kept as a name of its own for pages that only read id, name and status.
 */
export type EventListItem = HostEvent;

/**
 * Pause before retry number `attempt` of an event fetch: `ms`, then twice and four times that.
 * Mutable so tests can shorten it.
 */
export const eventFetchBackoff = { ms: 300 };

/**
 * The event fetch retries up to 3 times, except on 403 (spec §7) and 404 (api.ts says why); every other
 * endpoint keeps the default of no retry.
 */
export const EVENT_FETCH_RETRY = {
  maxRetries: 3,
  backoff: (attempt: number) =>
    new Promise<void>((resolve) => setTimeout(resolve, eventFetchBackoff.ms * 2 ** Math.max(0, attempt - 1))),
};

export const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's events, newest first. */
    getEvents: build.query<EventListItem[], void>({
      query: () => 'events',
      transformResponse: (response: HostEventsResponse) => response.events,
      providesTags: (result = []) => [
        { type: 'Event', id: 'LIST' },
        ...result.map(({ id }) => ({ type: 'Event' as const, id })),
      ],
    }),
    /** The public view of an event, used by guests, the display and the presentation. */
    getPublicEvent: build.query<PublicEvent, string>({
      query: (eventId) => `events/public/${encodeURIComponent(eventId)}`,
      transformResponse: (response: PublicEventResponse) => response.event,
      providesTags: (_result, _error, eventId) => [{ type: 'Event', id: eventId }],
      extraOptions: EVENT_FETCH_RETRY,
    }),
    getEventByCode: build.query<PublicEvent, string>({
      query: (code) => `events/by-code/${encodeURIComponent(code)}`,
      transformResponse: (response: EventByCodeResponse) => response.event,
    }),
    getEventBySlug: build.query<PublicEvent, string>({
      query: (slug) => `events/by-slug/${encodeURIComponent(slug)}`,
      transformResponse: (response: PublicEventResponse) => response.event,
    }),
  }),
});

export const {
  useGetEventsQuery,
  useGetPublicEventQuery,
  useGetEventByCodeQuery,
  useLazyGetEventByCodeQuery,
  useGetEventBySlugQuery,
} = eventsApi;
