import type { PublicEvent } from '@memory-wall/contracts';
import { api } from './api';

const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useGetPublicEventQuery, useGetEventByCodeQuery, useGetEventBySlugQuery } = eventsApi;
