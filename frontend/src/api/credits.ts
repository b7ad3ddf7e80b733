import type { CreatePaymentIntentResponse, CreditPacksResponse, CreditsSummaryResponse } from '@memory-wall/contracts';
import { api } from './api';

export interface CreatePaymentIntentArgs {
  creditPackId: string;
  /** Sent as the Idempotency-Key header: a repeated click gets the same PaymentIntent back. */
  idempotencyKey?: string;
}

export const creditsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The packs on sale (prices in cents) and whether payments are configured on the server. */
    getCreditPacks: build.query<CreditPacksResponse, void>({
      query: () => 'credit-packs',
      providesTags: ['CreditPack'],
    }),
    /** The signed-in provider's balance and ledger rows, newest first. */
    getCredits: build.query<CreditsSummaryResponse, void>({
      query: () => 'service-provider/credits',
      providesTags: ['Credits', 'CreditTransaction'],
    }),
    /** Starts buying a pack; the server prices it. Credits come only with Stripe's webhook, never from here. */
    createPaymentIntent: build.mutation<CreatePaymentIntentResponse, CreatePaymentIntentArgs>({
      query: ({ creditPackId, idempotencyKey }) => ({
        url: 'create-payment-intent',
        method: 'POST',
        body: { creditPackId },
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
      }),
    }),
  }),
});

export const { useGetCreditPacksQuery, useGetCreditsQuery, useCreatePaymentIntentMutation } = creditsApi;
