import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminServiceProvider } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { errorStatus } from '../../api/api';
import { useGetServiceProviderEventsQuery, useGetServiceProviderQuery } from '../../api/admin';
import { Card } from '../../components/ui/Card';
import { DetailList } from '../../components/ui/DetailList';
import { Spinner } from '../../components/ui/Spinner';
import { adminTexts } from '../../i18n/pages/admin';
import { addPageTexts } from '../../i18n/lazy';
import { LoadError, StatCards } from '../credits/ui';
import { serviceTypeLabel } from './serviceTypes';
import { VerifiedToggle } from './VerifiedToggle';
import { RecordsTable } from '../../components/ui/RecordsTable';
import { useEventColumns } from './eventColumns';
import { ResetPasswordDialog } from './ResetPasswordDialog';

addPageTexts('admin', adminTexts);

/** /admin/service-providers/{id} (spec §2 Provider detail), for the owner. */
export function ServiceProviderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const provider = useGetServiceProviderQuery(id);

  const back = (
    <Link to="/admin" className="cr-back">
      ← {t('admin.back')}
    </Link>
  );

  if (provider.isLoading || (provider.isError && provider.isFetching)) return <Spinner />;
  if (!provider.data) {
    // A malformed id is refused with 400; either way there is no such provider.
    const status = errorStatus(provider.error);
    if (status === 404 || status === 400) {
      return (
        <main className="page page-narrow cr-page">
          {back}
          <Card title={t('admin.notFoundTitle')} headingLevel={1}>
            <p>{t('admin.notFoundText')}</p>
          </Card>
        </main>
      );
    }
    return (
      <main className="page cr-page">
        {back}
        <h1>{t('admin.details')}</h1>
        <LoadError
          message={t('admin.loadProviderFailed')}
          retryLabel={t('admin.retry')}
          onRetry={() => void provider.refetch()}
        />
      </main>
    );
  }

  return <ProviderDetail provider={provider.data} back={back} />;
}

function ProviderDetail({ provider, back }: { provider: AdminServiceProvider; back: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [resetting, setResetting] = useState(false);
  const events = useGetServiceProviderEventsQuery(provider.id);
  const eventColumns = useEventColumns();
  const profile = provider.userData.profileData ?? {};
  const serviceTypes = provider.serviceTypes.map(serviceTypeLabel(t)).join(', ');

  let eventsBody;
  if (events.isLoading || (events.isError && events.isFetching)) eventsBody = <Spinner />;
  else if (!events.data) {
    eventsBody = (
      <LoadError
        message={t('admin.loadEventsFailed')}
        retryLabel={t('admin.retry')}
        onRetry={() => void events.refetch()}
      />
    );
  } else if (!events.data.length) eventsBody = <p className="muted">{t('admin.noProviderEvents')}</p>;
  else eventsBody = <RecordsTable caption={t('admin.events')} columns={eventColumns} rows={events.data} />;

  return (
    <main className="page cr-page cr-wide">
      {back}
      <header className="cr-header">
        <h1>{provider.companyName}</h1>
        {serviceTypes && <p className="cr-subtitle">{serviceTypes}</p>}
        <p className="muted">{t('admin.memberSince', { date: format.date(provider.createdAt) })}</p>
      </header>

      <div className="cr-columns">
        <Card title={t('admin.details')}>
          <DetailList
            empty={t('admin.notSet')}
            rows={[
              [t('admin.companyName'), provider.companyName],
              [t('admin.contactPerson'), profile.fullName ?? profile.customerName ?? ''],
              [t('admin.email'), provider.userData.email],
              [t('admin.phone'), profile.phoneNumber ?? profile.contactNumber ?? ''],
              [t('admin.serviceTypes'), serviceTypes],
              [t('admin.verification'), <VerifiedToggle provider={provider} />],
            ]}
          />
          <button type="button" className="button button-secondary" onClick={() => setResetting(true)}>
            {t('admin.resetPassword')}
          </button>
        </Card>

        <Card title={t('admin.activity')}>
          <StatCards
            stats={[
              { label: t('admin.totalEvents'), value: provider.totalEventsCount },
              { label: t('admin.activeEvents'), value: provider.activeEventsCount },
              { label: t('admin.totalContributions'), value: provider.totalContributionsCount },
              { label: t('admin.lastActivity'), value: format.date(provider.updatedAt) },
            ]}
          />
        </Card>
      </div>

      <Card title={t('admin.events')}>{eventsBody}</Card>

      {resetting && (
        <ResetPasswordDialog
          serviceProviderId={provider.id}
          companyName={provider.companyName}
          onClose={() => setResetting(false)}
        />
      )}
    </main>
  );
}
