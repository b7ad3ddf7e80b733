import { lazy, Suspense, useState } from 'react';
import type { CreatePaymentIntentResponse, CreditPack } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { errorMessage } from '../../api/api';
import { useCreatePaymentIntentMutation, useGetCreditPacksQuery } from '../../api/credits';
import { DetailList } from '../../components/ui/DetailList';
import { Spinner } from '../../components/ui/Spinner';
import { showError } from '../../components/ui/toast';
import { LoadError } from './ui';

// Stripe.js and the Payment Element come with this chunk, fetched only once a payment starts.
const PaymentStep = lazy(() => import('./PaymentStep').then((m) => ({ default: m.PaymentStep })));

type Step =
  | { kind: 'choose' }
  | { kind: 'review'; pack: CreditPack; idempotencyKey: string }
  | { kind: 'pay'; pack: CreditPack; intent: CreatePaymentIntentResponse; publishableKey: string };

/** A key for the Idempotency-Key header ([A-Za-z0-9_-], 8 to 100). getRandomValues works on plain http too. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `pack-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Spec §2 Purchase Credits and §4 Payment: choose a pack, review the order, Proceed to Payment creates the
 * PaymentIntent, then Stripe's Payment Element takes the payment. Cancel returns to the pack choice.
 */
export function PurchaseCredits({ onPaid }: { onPaid(paymentIntentId: string): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const packs = useGetCreditPacksQuery();
  const [createPaymentIntent, { isLoading: starting }] = useCreatePaymentIntentMutation();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);

  if (packs.isLoading) return <Spinner />;
  if (!packs.data) {
    return (
      <LoadError
        message={t('credits.loadFailed')}
        retryLabel={t('credits.retry')}
        onRetry={() => void packs.refetch()}
      />
    );
  }
  const { creditPacks, payments } = packs.data;

  const backToPacks = () => {
    setProblem(null);
    setStep({ kind: 'choose' });
  };

  const proceed = async (pack: CreditPack, idempotencyKey: string) => {
    setProblem(null);
    try {
      const intent = await createPaymentIntent({ creditPackId: pack.id, idempotencyKey }).unwrap();
      if (!payments.publishableKey) throw new Error(t('credits.paymentsNotConfigured'));
      setStep({ kind: 'pay', pack, intent, publishableKey: payments.publishableKey });
    } catch (error) {
      const message = errorMessage(error) ?? (error instanceof Error ? error.message : undefined);
      setProblem(message ?? null);
      showError(t('credits.startFailed'), message);
    }
  };

  if (step.kind === 'choose') {
    return (
      <section className="cr-purchase" aria-labelledby="cr-choose-title">
        <h2 id="cr-choose-title">{t('credits.choosePack')}</h2>
        <p className="muted">{t('credits.choosePackIntro')}</p>
        {/* Said before a pack is chosen, with what to do instead, rather than at the last step. */}
        {!payments.enabled && (
          <p className="cr-alert" id="cr-payments-off" role="status">
            {t('credits.paymentsOff')}
          </p>
        )}
        <ul className="cr-packs">
          {creditPacks.map((pack) => (
            <li
              key={pack.id}
              className={['cr-pack', pack.mostPopular && 'cr-pack-popular'].filter(Boolean).join(' ')}
              aria-label={pack.name}
            >
              {pack.mostPopular && <span className="cr-badge cr-badge-popular">{t('credits.mostPopular')}</span>}
              <h3>{pack.name}</h3>
              <p className="cr-pack-per-credit">
                {t('credits.perCredit', { price: format.money(pack.pricePerCredit) })}
              </p>
              <p className="cr-pack-price">{format.money(pack.price)}</p>
              <p>{t('credits.packCredits', { count: pack.credits })}</p>
              {pack.savingsPercent > 0 && (
                <p className="cr-pack-savings">{t('credits.savings', { percent: pack.savingsPercent })}</p>
              )}
              <button
                type="button"
                className={pack.mostPopular ? 'button' : 'button button-secondary'}
                disabled={!payments.enabled}
                aria-describedby={payments.enabled ? undefined : 'cr-payments-off'}
                onClick={() => setStep({ kind: 'review', pack, idempotencyKey: newIdempotencyKey() })}
              >
                {t('credits.choose', { name: pack.name })}
              </button>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  const { pack } = step;
  const review = (
    <DetailList
      rows={[
        [t('credits.package'), pack.name],
        [t('credits.credits'), pack.credits],
        [t('credits.pricePerCredit'), format.money(pack.pricePerCredit)],
        [t('credits.orderTotal'), format.money(step.kind === 'pay' ? step.intent.amount : pack.price)],
      ]}
    />
  );

  if (step.kind === 'review') {
    const unavailable = !payments.enabled;
    return (
      <section className="cr-purchase" aria-labelledby="cr-review-title">
        <h2 id="cr-review-title">{t('credits.orderReview')}</h2>
        {review}
        {(unavailable || problem) && (
          <p className="cr-alert" role="alert">
            {problem ?? t('credits.paymentsNotConfigured')}
          </p>
        )}
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={starting || unavailable}
            onClick={() => void proceed(pack, step.idempotencyKey)}
          >
            {starting ? t('credits.starting') : t('credits.proceed')}
          </button>
          <button type="button" className="button button-secondary" onClick={backToPacks}>
            {t('credits.cancel')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="cr-purchase" aria-labelledby="cr-pay-title">
      <h2 id="cr-pay-title">{t('credits.payment')}</h2>
      <p className="muted">{t('credits.paymentIntro', { name: pack.name, count: pack.credits })}</p>
      {review}
      <Suspense fallback={<Spinner />}>
        <PaymentStep
          publishableKey={step.publishableKey}
          clientSecret={step.intent.clientSecret}
          paymentIntentId={step.intent.paymentIntentId}
          amount={step.intent.amount}
          onPaid={onPaid}
          onCancel={backToPacks}
        />
      </Suspense>
    </section>
  );
}
