import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../api/api';
import { useGetCreditsQuery } from '../../api/credits';
import { useAppDispatch } from '../../app/hooks';

/** How often the summary is refetched while waiting for Stripe's webhook, and for how long at most. */
export const CONFIRMATION_POLL_MS = 1500;
export const CONFIRMATION_WAIT_MS = 30_000;

/** The flag of the return address, and what Stripe adds to it after a redirect. */
const RETURN_PARAMS = ['payment_success', 'payment_intent', 'payment_intent_client_secret', 'redirect_status'];

interface Awaiting {
  paymentIntentId: string;
  /** The balance before the payment, when known: a higher balance also means the credits arrived. */
  baseline: number | null;
}

export interface PurchaseConfirmation {
  /** Show the 'Payment Successful' banner. */
  showBanner: boolean;
  /** Refetching the summary until the webhook's credits show. */
  awaiting: boolean;
  /** Waited CONFIRMATION_WAIT_MS without seeing the credits. */
  delayed: boolean;
  /** A refused redirect payment (redirect_status=failed) came back to the return address. */
  failedReturn: boolean;
  /** The Payment Element confirmed a payment without leaving the page. */
  paid(paymentIntentId: string, baseline: number | null): void;
  dismiss(): void;
}

/**
 * Spec §4 Payment: after a payment (in the page, or back at /credits?payment_success=true from Stripe's
 * redirect) the banner shows and the flags leave the address. Credits are granted only by Stripe's webhook,
 * which may come a moment later, so the summary is refetched until the purchase of that PaymentIntent (or a
 * higher balance) shows, for 30 seconds at most.
 */
export function usePurchaseConfirmation() {
  const dispatch = useAppDispatch();
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once, on the first render: the flags are removed from the address right after.
  const [returned] = useState(() => ({
    success: searchParams.get('payment_success') === 'true',
    status: searchParams.get('redirect_status'),
    paymentIntentId: searchParams.get('payment_intent'),
  }));
  const failedReturn = returned.success && returned.status === 'failed';
  const [showBanner, setShowBanner] = useState(returned.success && !failedReturn);
  const [awaiting, setAwaiting] = useState<Awaiting | null>(
    showBanner && returned.paymentIntentId ? { paymentIntentId: returned.paymentIntentId, baseline: null } : null,
  );
  const [delayed, setDelayed] = useState(false);
  const credits = useGetCreditsQuery(undefined, { pollingInterval: awaiting ? CONFIRMATION_POLL_MS : 0 });
  const summary = credits.data;

  useEffect(() => {
    if (!RETURN_PARAMS.some((name) => searchParams.has(name))) return;
    const next = new URLSearchParams(searchParams);
    for (const name of RETURN_PARAMS) next.delete(name);
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams]);

  // Done once the ledger shows the purchase (or the balance rose).
  useEffect(() => {
    if (!awaiting || !summary) return;
    const arrived =
      summary.transactions.some((tx) => tx.stripePaymentIntentId === awaiting.paymentIntentId) ||
      (awaiting.baseline !== null && summary.credits.available > awaiting.baseline);
    if (!arrived) return;
    setAwaiting(null);
    // The balance shown elsewhere (profile, events list) comes with the signed-in user.
    dispatch(api.util.invalidateTags(['User']));
  }, [awaiting, summary, dispatch]);

  useEffect(() => {
    if (!awaiting) return;
    const timer = setTimeout(() => {
      setAwaiting(null);
      setDelayed(true);
    }, CONFIRMATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [awaiting]);

  const { refetch } = credits;
  const paid = useCallback(
    (paymentIntentId: string, baseline: number | null) => {
      setShowBanner(true);
      setDelayed(false);
      setAwaiting({ paymentIntentId, baseline });
      void refetch(); // the webhook may already be in
    },
    [refetch],
  );

  const dismiss = useCallback(() => {
    setShowBanner(false);
    setDelayed(false);
  }, []);

  const confirmation: PurchaseConfirmation = {
    showBanner,
    awaiting: awaiting !== null,
    delayed,
    failedReturn,
    paid,
    dismiss,
  };
  return { credits, confirmation };
}
