import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type {
  AddCustomerResponse,
  CreateEventRequest,
  CreateEventResponse,
  CustomerAccessRequest,
  CustomerCreated,
  CustomerPermissionsRequest,
  EventCustomer,
  EventCustomerResponse,
  EventCustomersResponse,
  EventDetailsRequest,
  EventStats,
  EventStatsResponse,
  FeaturedImageResponse,
  HostEvent,
  HostEventResponse,
  ResetCustomerPasswordRequest,
  ScreenControls,
  ScreenControlsChange,
  ScreenControlsResponse,
  UpdatedEventResponse,
  UpdateEventRequest,
  WallSettingsRequest,
} from '@memory-wall/contracts';
import { api } from './api';
import { EVENT_FETCH_RETRY, eventsApi } from './events';

// What hosts do with an event (its host view, stats, changes, customers, screens), injected into the API
// slice by the host pages that import it: guests' pages load only ./events.ts.

type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

/** New screen controls (a host's change, or the live feed's screens_updated) into every cached view of the event. */
export function screensChanged(dispatch: Dispatch, eventId: string, screens: ScreenControls) {
  dispatch(eventsApi.util.updateQueryData('getPublicEvent', eventId, (event) => void (event.screens = screens)));
  dispatch(hostEventsApi.util.updateQueryData('getEvent', eventId, (event) => void (event.screens = screens)));
}

/**
 * The fields of the event form (spec §2), all of them given, as POST /events and PATCH /events/{id} take
 * them (the contracts' CreateEventRequest).
 */
export type EventFormFields = Required<
  Pick<
    CreateEventRequest,
    | 'name'
    | 'eventType'
    | 'eventDate'
    | 'eventEndDate'
    | 'moderationType'
    | 'wallTitle'
    | 'wallImage'
    | 'numberOfImagesDisplay'
    | 'defaultLanguage'
    | 'animationStyle'
  >
> &
  Pick<CreateEventRequest, 'eventCode'>;

/** What creating an event gives the form: the event, and the customer with its PIN when access was given. */
export type CreatedEvent = Omit<CreateEventResponse, 'success'>;

/** Wall settings a customer may change (spec §2 Wall settings), all of them given. */
export type WallSettingsFields = Required<Omit<WallSettingsRequest, keyof EventDetailsRequest>>;

const eventTags = (id: string) => [
  { type: 'Event' as const, id },
  { type: 'Event' as const, id: 'LIST' },
];

/** What spending a credit changes: the provider's balance (in `me`) and the credits pages. */
const creditTags = ['User', 'Credits', 'CreditTransaction'] as const;

export const hostEventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The event's memories counted, for its dashboard. */
    getEventStats: build.query<EventStats, string>({
      query: (id) => `events/${encodeURIComponent(id)}/stats`,
      transformResponse: (response: EventStatsResponse) => response.stats,
    }),
    /** One event as its hosts see it (404 when it is not the caller's). */
    getEvent: build.query<HostEvent, string>({
      query: (id) => `events/${encodeURIComponent(id)}`,
      transformResponse: (response: HostEventResponse) => response.event,
      providesTags: (_result, _error, id) => [{ type: 'Event', id }],
      extraOptions: EVENT_FETCH_RETRY,
    }),
    createEvent: build.mutation<CreatedEvent, CreateEventRequest>({
      query: (body) => ({ url: 'events', method: 'POST', body }),
      transformResponse: ({ event, customer, password }: CreateEventResponse) => ({
        event,
        customer,
        password,
      }),
      invalidatesTags: (result) =>
        result ? [{ type: 'Event', id: 'LIST' }, ...(result.customer ? creditTags : [])] : [],
    }),
    updateEvent: build.mutation<HostEvent, { id: string } & UpdateEventRequest>({
      query: ({ id, ...body }) => ({ url: `events/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      transformResponse: (response: UpdatedEventResponse) => response.event,
      invalidatesTags: (result, _error, { id, status }) =>
        result ? [...eventTags(id), ...(status === 'live' ? creditTags : [])] : [],
    }),
    /** A new draft with the event's settings (no memories, customers, code or dates). */
    duplicateEvent: build.mutation<HostEvent, string>({
      query: (id) => ({ url: `events/${encodeURIComponent(id)}/duplicate`, method: 'POST' }),
      transformResponse: (response: CreateEventResponse) => response.event,
      invalidatesTags: (result) => (result ? [{ type: 'Event', id: 'LIST' }] : []),
    }),
    deleteEvent: build.mutation<void, string>({
      query: (id) => ({ url: `events/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Event', id: 'LIST' }]),
    }),
    getEventCustomers: build.query<EventCustomer[], string>({
      query: (id) => `events/${encodeURIComponent(id)}/customer`,
      transformResponse: (response: EventCustomersResponse) => response.customers,
      providesTags: (_result, _error, id) => [{ type: 'Customer', id }],
    }),
    /** Adds a customer login; publishes a draft (1 credit). */
    addEventCustomer: build.mutation<CustomerCreated, { eventId: string } & CustomerAccessRequest>({
      query: ({ eventId, ...body }) => ({
        url: `events/${encodeURIComponent(eventId)}/customer`,
        method: 'POST',
        body,
      }),
      transformResponse: ({ customer, password }: AddCustomerResponse) => ({ customer, password }),
      invalidatesTags: (result, _error, { eventId }) =>
        result ? [{ type: 'Customer', id: eventId }, ...eventTags(eventId), ...creditTags] : [],
    }),
    /** Changes what a customer may do; the customers list and the customer's own view of the event follow. */
    setCustomerPermissions: build.mutation<
      EventCustomer,
      { eventId: string; customerId: string } & CustomerPermissionsRequest
    >({
      query: ({ eventId, customerId, ...body }) => ({
        url: `events/${encodeURIComponent(eventId)}/customer/${encodeURIComponent(customerId)}`,
        method: 'PATCH',
        body,
      }),
      transformResponse: (response: EventCustomerResponse) => response.customer,
      // The switch moves at once; a refusal puts it back. The server's answer is written into the list rather
      // than the list fetched again: a refetch started by one switch could answer after the next switch moved,
      // and put that one back until its own refetch.
      async onQueryStarted({ eventId, customerId, ...changes }, { dispatch, queryFulfilled }) {
        const inList = (change: (customer: EventCustomer) => void) =>
          dispatch(
            hostEventsApi.util.updateQueryData('getEventCustomers', eventId, (customers) => {
              const customer = customers.find((c) => c.id === customerId);
              if (customer) change(customer);
            }),
          );
        const patch = inList((customer) => Object.assign(customer.permissions, changes));
        try {
          const { data } = await queryFulfilled;
          inList((customer) => Object.assign(customer, data));
        } catch {
          patch.undo();
        }
      },
    }),
    resetCustomerPassword: build.mutation<void, { customerId: string; password: string }>({
      query: ({ customerId, password }) => ({
        url: `users/${encodeURIComponent(customerId)}/reset-password`,
        method: 'PATCH',
        body: { password } satisfies ResetCustomerPasswordRequest,
      }),
      transformResponse: () => undefined,
    }),
    /** Uploads the wall's featured image (multipart field 'image'); the server stores it as the wall image. */
    /** The host's controls over the event's screens; every cached view of the event takes the answer. */
    changeScreens: build.mutation<ScreenControls, { eventId: string } & ScreenControlsChange>({
      query: ({ eventId, ...body }) => ({
        url: `events/${encodeURIComponent(eventId)}/screens`,
        method: 'PATCH',
        body,
      }),
      transformResponse: (response: ScreenControlsResponse) => response.screens,
      async onQueryStarted({ eventId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          screensChanged(dispatch, eventId, data);
        } catch {
          // the page shows the failure
        }
      },
    }),
    uploadFeaturedImage: build.mutation<string, { eventId: string; file: File }>({
      query: ({ eventId, file }) => {
        const body = new FormData();
        body.append('image', file);
        return { url: `upload/featured-image/${encodeURIComponent(eventId)}`, method: 'POST', body };
      },
      transformResponse: (response: FeaturedImageResponse) => response.imageUrl,
      invalidatesTags: (result, _error, { eventId }) => (result ? [{ type: 'Event', id: eventId }] : []),
    }),
  }),
});

export const {
  useGetEventQuery,
  useCreateEventMutation,
  useUpdateEventMutation,
  useDeleteEventMutation,
  useDuplicateEventMutation,
  useGetEventCustomersQuery,
  useAddEventCustomerMutation,
  useGetEventStatsQuery,
  useResetCustomerPasswordMutation,
  useSetCustomerPermissionsMutation,
  useUploadFeaturedImageMutation,
  useChangeScreensMutation,
} = hostEventsApi;
