import { useId, useState } from 'react';
import { useTranslation } from '../../i18n';
import type { CustomerCreated } from '@memory-wall/contracts';
import { useGetEventCustomersQuery } from '../../api/hostEvents';
import { Spinner } from '../../components/ui/Spinner';
import { customersTexts } from '../../i18n/pages/customers';
import { addPageTexts } from '../../i18n/lazy';
import { AddCustomerForm } from './AddCustomerForm';
import { CopyButton } from './CopyButton';
import { CustomerCredentials } from './CustomerCredentials';
import { CustomerPermissionsControl } from './CustomerPermissionsControl';
import { ResetPinForm } from './ResetPinForm';

addPageTexts('customers', customersTexts);

/**
 * Spec §2 Customer credentials panel (owners and providers): the event's customer logins, a PIN reset
 * per customer, and Add Customer (which publishes a draft and uses 1 credit).
 */
export function CustomerCredentialsPanel({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data: customers, isLoading, isError, refetch } = useGetEventCustomersQuery(eventId);
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<string | null>(null);
  const [created, setCreated] = useState<CustomerCreated | null>(null);

  const onAdded = (result: CustomerCreated) => {
    setCreated(result);
    setAdding(false);
  };

  return (
    <section className="ev-customers" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('customers.title')}</h3>
      <p className="muted">{t('customers.intro')}</p>
      {isLoading ? (
        <Spinner />
      ) : isError ? (
        <div role="alert" className="ev-alert">
          <span>{t('customers.loadFailed')}</span>{' '}
          <button type="button" className="button button-secondary ev-small" onClick={() => void refetch()}>
            {t('customers.tryAgain')}
          </button>
        </div>
      ) : !customers?.length ? (
        <p className="muted">{t('customers.none')}</p>
      ) : (
        <table className="ev-table">
          <thead>
            <tr>
              <th scope="col">{t('customers.fullName')}</th>
              <th scope="col">{t('customers.username')}</th>
              <th scope="col">{t('customers.email')}</th>
              <th scope="col">{t('customers.permissions')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('customers.resetPin')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {customers.map((customer) => (
              <tr key={customer.id}>
                <td>{customer.fullName}</td>
                <td>
                  <span className="ev-copy-row">
                    <code>{customer.username}</code>
                    <CopyButton
                      text={customer.username}
                      label={t('customers.copyUsername', { username: customer.username })}
                    />
                  </span>
                </td>
                <td>{customer.email}</td>
                <td>
                  <CustomerPermissionsControl eventId={eventId} customer={customer} />
                </td>
                <td>
                  {resetting === customer.id ? (
                    <ResetPinForm customer={customer} onDone={() => setResetting(null)} />
                  ) : (
                    <button
                      type="button"
                      className="button button-secondary ev-small"
                      aria-label={t('customers.resetPinFor', { username: customer.username })}
                      onClick={() => setResetting(customer.id)}
                    >
                      {t('customers.resetPin')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {created && (
        <div
          className="ev-created"
          role="region"
          aria-label={t('customers.newCredentials', { username: created.customer.username })}
        >
          <h4>{t('customers.newCredentials', { username: created.customer.username })}</h4>
          <CustomerCredentials username={created.customer.username} pin={created.password} />
          <button type="button" className="button button-secondary ev-small" onClick={() => setCreated(null)}>
            {t('customers.done')}
          </button>
        </div>
      )}

      {adding ? (
        <AddCustomerForm eventId={eventId} onAdded={onAdded} onCancel={() => setAdding(false)} />
      ) : (
        <button type="button" className="button" onClick={() => setAdding(true)}>
          {t('customers.addCustomer')}
        </button>
      )}
    </section>
  );
}
