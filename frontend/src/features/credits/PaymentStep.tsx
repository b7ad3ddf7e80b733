import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js only when loadStripe is called, never as a side effect of this import.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { BRAND_PRIMARY } from '../../app/theme';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { Spinner } from '../../components/ui/Spinner';
import { showError } from '../../components/ui/toast';

/** Stripe.js once per publishable key; a failed load is forgotten so the next attempt loads it again. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripeByKey.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch((error: unknown) => {
      stripeByKey.delete(publishableKey);
      throw error;
    });
    stripeByKey.set(publishableKey, promise);
  }
  return promise;
}

/** Where Stripe sends the browser back after a payment that needed a redirect (spec §7). */
export const returnUrl = () => `${window.location.origin}/credits?payment_success=true`;

export interface PaymentStepProps {
  publishableKey: string;
  clientSecret: string;
  paymentIntentId: string;
  /** What is charged, in US cents. */
  amount: number;
  onPaid(paymentIntentId: string): void;
  onCancel(): void;
}

/**
 * Stripe's Payment Element for a PaymentIntent the server created, and the Pay button. Loaded with the
 * purchase step only, so Stripe.js and its React bindings are never part of any other page's download.
 */
export function PaymentStep({
  publishableKey,
  clientSecret,
  paymentIntentId,
  amount,
  onPaid,
  onCancel,
}: PaymentStepProps) {
  const { t } = useTranslation();
  const [loadFailed, setLoadFailed] = useState(false);
  // Elements gets a promise that never rejects: a failed load shows a message here instead.
  const stripe = useMemo(() => stripeFor(publishableKey).catch(() => null), [publishableKey]);
  const options = useMemo(
    () => ({
      clientSecret,
      appearance: { theme: 'stripe' as const, variables: { colorPrimary: BRAND_PRIMARY, borderRadius: '10px' } },
    }),
    [clientSecret],
  );

  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => live && !loaded && setLoadFailed(true));
    return () => {
      live = false;
    };
  }, [stripe]);

  if (loadFailed) {
    return (
      <div className="cr-payment">
        <p className="cr-alert" role="alert">
          {t('credits.paymentFormFailed')}
        </p>
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('credits.cancel')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <Elements stripe={stripe} options={options}>
      <CheckoutForm
        paymentIntentId={paymentIntentId}
        amount={amount}
        onPaid={onPaid}
        onCancel={onCancel}
        onLoadError={() => setLoadFailed(true)}
      />
    </Elements>
  );
}

interface CheckoutFormProps {
  paymentIntentId: string;
  amount: number;
  onPaid(paymentIntentId: string): void;
  onCancel(): void;
  onLoadError(): void;
}

function CheckoutForm({ paymentIntentId, amount, onPaid, onCancel, onLoadError }: CheckoutFormProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl() },
        // Cards are confirmed in the page; methods that need a redirect come back to the return address.
        redirect: 'if_required',
      });
      if (result.error) {
        showError(t('credits.paymentFailed'), result.error.message || t('credits.paymentErrorFallback'));
      } else if (result.paymentIntent.status === 'succeeded' || result.paymentIntent.status === 'processing') {
        onPaid(result.paymentIntent.id || paymentIntentId);
        return;
      } else {
        showError(t('credits.paymentFailed'), t('credits.paymentErrorFallback'));
      }
    } catch {
      showError(t('credits.paymentFailed'), t('credits.paymentErrorFallback'));
    }
    setPaying(false);
  };

  return (
    <form className="cr-payment" onSubmit={onSubmit} noValidate aria-busy={!ready}>
      {!ready && (
        <div className="cr-payment-loading">
          <Spinner />
          <p className="muted">{t('credits.paymentFormLoading')}</p>
        </div>
      )}
      <PaymentElement onReady={() => setReady(true)} onLoadError={onLoadError} />
      <div className="actions">
        <button type="submit" className="button" disabled={!stripe || !elements || !ready || paying}>
          {paying ? t('credits.paying') : t('credits.pay', { amount: format.money(amount) })}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel} disabled={paying}>
          {t('credits.cancel')}
        </button>
      </div>
    </form>
  );
}
