import type {
  AdjustCreditsRequest,
  AdjustCreditsResponse,
  AdminCreditTransaction,
  AdminServiceProvider,
  AdminTransactionsResponse,
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

const providerTag = (id: string) => ({ type: 'ServiceProvider' as const, id });

/** The owner's calls (spec §7 Admin and credits). */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The local mail outbox, newest first. */
    getOutboxMail: build.query<OutboxMailResponse, void>({
      query: () => 'admin/mail',
    }),
    getServiceProviders: build.query<AdminServiceProvider[], void>({
      query: () => 'admin/service-providers',
      transformResponse: (response: ServiceProvidersResponse) => response.serviceProviders,
      providesTags: (result = []) => [
        { type: 'ServiceProvider', id: 'LIST' },
        ...result.map(({ id }) => providerTag(id)),
      ],
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
    /** Every provider's ledger rows, newest first. */
    getCreditTransactions: build.query<AdminCreditTransaction[], void>({
      query: () => 'admin/credit-transactions',
      transformResponse: (response: AdminTransactionsResponse) => response.transactions,
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
  useGetServiceProviderQuery,
  useGetServiceProviderEventsQuery,
  useGetCreditTransactionsQuery,
  useGetBillingSummaryQuery,
  useAdjustCreditsMutation,
  useResetProviderPasswordMutation,
  useGetOutboxMailQuery,
} = adminApi;
