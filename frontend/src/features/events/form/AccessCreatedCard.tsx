import { useId } from 'react';
import type { EventCustomer } from '@memory-wall/contracts';
import { useTranslation } from '../../../i18n';
import { CustomerCredentials } from '../../customers/CustomerCredentials';

/** The customer's username and PIN, shown once after creating an event with them. */
export function AccessCreatedCard({
  eventName,
  customer,
  pin,
  onContinue,
}: {
  eventName: string;
  customer: EventCustomer;
  pin: string;
  onContinue(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="card ev-created-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {t('events.accessCreatedTitle')}
      </h2>
      <p>{t('events.accessCreatedText', { name: eventName })}</p>
      <CustomerCredentials username={customer.username} pin={pin} />
      <button type="button" className="button" onClick={onContinue}>
        {t('events.continue')}
      </button>
    </section>
  );
}
