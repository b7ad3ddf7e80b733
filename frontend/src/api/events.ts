import type { EventStatus, PublicEvent } from '@memory-wall/contracts';
import { api } from './api';

/** An event as GET /events lists it (newest first, scoped to the caller); pages read more fields than these. */
export interface EventListItem {
  id: string;
  name: string;
  status: EventStatus;
}

const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's events, newest first. */
    getEvents: build.query<EventListItem[], void>({
      query: () => 'events',
      transformResponse: (response: { events: EventListItem[] }) => response.events,
      providesTags: (result = []) => [{ type: 'Event', id: 'LIST' }, ...result.map(({ id }) => ({ type: 'Event' as const, id }))],
    }),
    /** The public view of an event, used by guests, the display and the presentation. */
    getPublicEvent: build.query<PublicEvent, string>({
      query: (eventId) => `events/public/${encodeURIComponent(eventId)}`,
      transformResponse: (response: { event: PublicEvent }) => response.event,
      providesTags: (_result, _error, eventId) => [{ type: 'Event', id: eventId }],
    }),
    getEventByCode: build.query<PublicEvent, string>({
      query: (code) => `events/by-code/${encodeURIComponent(code)}`,
      transformResponse: (response: { event: PublicEvent }) => response.event,
    }),
    getEventBySlug: build.query<PublicEvent, string>({
      query: (slug) => `events/by-slug/${encodeURIComponent(slug)}`,
      transformResponse: (response: { event: PublicEvent }) => response.event,
    }),
  }),
});

export const { useGetEventsQuery, useGetPublicEventQuery, useGetEventByCodeQuery, useGetEventBySlugQuery } = eventsApi;
