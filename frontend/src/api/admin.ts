import type {
  AdjustCreditsRequest,
  AdjustCreditsResponse,
  AdminEventsResponse,
  AdminServiceProvider,
  AdminTransactionsResponse,
  ListAdminEventsRequest,
  ListProvidersRequest,
  ListTransactionsRequest,
  ProviderRetentionRequest,
  ProviderRetentionResponse,
  ProviderVerificationRequest,
  ProviderVerificationResponse,
  BillingSummary,
  HostEvent,
  OutboxMailResponse,
  ResetProviderPasswordRequest,
  ServiceProviderEventsResponse,
  ServiceProviderResponse,
  ServiceProvidersResponse,
} from '@memory-wall/contracts';
import { api } from './api';

export interface ResetProviderPasswordArgs extends ResetProviderPasswordRequest {
  serviceProviderId: string;
}

/** A path with the request's set values as its query string. */
function withQuery(path: string, request: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const providerTag = (id: string) => ({ type: 'ServiceProvider' as const, id });

/** The owner's calls (spec §7 Admin and credits). */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The local mail outbox, newest first. */
    getOutboxMail: build.query<OutboxMailResponse, void>({
      query: () => 'admin/mail',
    }),
    /** One page of providers, searched and sorted by the server. */
    getServiceProviders: build.query<ServiceProvidersResponse, ListProvidersRequest>({
      query: (request) => withQuery('admin/service-providers', request),
      providesTags: (result) => [
        { type: 'ServiceProvider', id: 'LIST' },
        ...(result?.serviceProviders ?? []).map(({ id }) => providerTag(id)),
      ],
    }),
    /** One page of every provider's events, searched and sorted by the server. */
    getAdminEvents: build.query<AdminEventsResponse, ListAdminEventsRequest>({
      query: (request) => withQuery('admin/events', request),
      providesTags: [{ type: 'Event', id: 'LIST' }],
    }),
    setProviderVerified: build.mutation<
      AdminServiceProvider,
      { serviceProviderId: string } & ProviderVerificationRequest
    >({
      query: ({ serviceProviderId, verified }) => ({
        url: `admin/service-providers/${encodeURIComponent(serviceProviderId)}/verification`,
        method: 'PATCH',
        body: { verified },
      }),
      transformResponse: (response: ProviderVerificationResponse) => response.serviceProvider,
      invalidatesTags: (result, _error, { serviceProviderId }) =>
        result ? [{ type: 'ServiceProvider', id: 'LIST' }, providerTag(serviceProviderId)] : [],
    }),
    /** The days the provider's events keep their media (null: the platform's default). */
    setProviderRetention: build.mutation<
      AdminServiceProvider,
      { serviceProviderId: string } & ProviderRetentionRequest
    >({
      query: ({ serviceProviderId, retentionDays }) => ({
        url: `admin/service-providers/${encodeURIComponent(serviceProviderId)}/retention`,
        method: 'PATCH',
        body: { retentionDays },
      }),
      transformResponse: (response: ProviderRetentionResponse) => response.serviceProvider,
      invalidatesTags: (result, _error, { serviceProviderId }) =>
        result ? [{ type: 'ServiceProvider', id: 'LIST' }, providerTag(serviceProviderId)] : [],
    }),
    getServiceProvider: build.query<AdminServiceProvider, string>({
      query: (id) => `admin/service-providers/${encodeURIComponent(id)}`,
      transformResponse: (response: ServiceProviderResponse) => response.serviceProvider,
      providesTags: (_result, _error, id) => [providerTag(id)],
    }),
    getServiceProviderEvents: build.query<HostEvent[], string>({
      query: (id) => `admin/service-providers/${encodeURIComponent(id)}/events`,
      transformResponse: (response: ServiceProviderEventsResponse) => response.events,
      providesTags: (_result, _error, id) => [providerTag(id), { type: 'Event', id: 'LIST' }],
    }),
    /** One page of every provider's ledger rows, searched and sorted by the server. */
    getCreditTransactions: build.query<AdminTransactionsResponse, ListTransactionsRequest>({
      query: (request) => withQuery('admin/credit-transactions', request),
      providesTags: ['CreditTransaction'],
    }),
    /** Purchases, revenue and active providers; changes with the ledger and the providers. */
    getBillingSummary: build.query<BillingSummary, void>({
      query: () => 'admin/billing',
      providesTags: ['CreditTransaction', { type: 'ServiceProvider', id: 'LIST' }],
    }),
    adjustCredits: build.mutation<AdjustCreditsResponse, AdjustCreditsRequest>({
      query: (body) => ({ url: 'admin/adjust-credits', method: 'POST', body }),
      invalidatesTags: (result, _error, { serviceProviderId }) =>
        result
          ? ['CreditTransaction', 'Credits', { type: 'ServiceProvider', id: 'LIST' }, providerTag(serviceProviderId)]
          : [],
    }),
    resetProviderPassword: build.mutation<void, ResetProviderPasswordArgs>({
      query: ({ serviceProviderId, newPassword }) => ({
        url: `admin/service-providers/${encodeURIComponent(serviceProviderId)}/reset-password`,
        method: 'POST',
        body: { newPassword },
      }),
      transformResponse: () => undefined,
    }),
  }),
});

export const {
  useGetServiceProvidersQuery,
  useGetAdminEventsQuery,
  useSetProviderVerifiedMutation,
  useSetProviderRetentionMutation,
  useGetServiceProviderQuery,
  useGetServiceProviderEventsQuery,
  useGetCreditTransactionsQuery,
  useGetBillingSummaryQuery,
  useAdjustCreditsMutation,
  useResetProviderPasswordMutation,
  useGetOutboxMailQuery,
} = adminApi;
