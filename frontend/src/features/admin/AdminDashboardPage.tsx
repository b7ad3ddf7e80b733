import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EventStatus, type AdminServiceProvider, type HostEvent } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useGetServiceProvidersQuery } from '../../api/admin';
import { useGetEventsQuery } from '../../api/events';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { adminTexts } from '../../i18n/pages/admin';
import { addPageTexts } from '../../i18n/lazy';
import { Tabs } from '../../components/ui/Tabs';
import { humanize, LoadError, StatCards } from '../credits/ui';
import { EventsTable } from './EventsTable';
import { DataTable } from '../../components/ui/DataTable';

addPageTexts('admin', adminTexts);

type Tab = 'providers' | 'events' | 'analytics';

/** /admin (spec §2 Admin dashboard), for the owner. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('providers');
  const tabs = [
    { id: 'providers', label: t('admin.tabProviders') },
    { id: 'events', label: t('admin.tabEvents') },
    { id: 'analytics', label: t('admin.tabAnalytics') },
  ] as const;

  return (
    <main className="page cr-page cr-wide">
      <header className="cr-header">
        <h1>{t('admin.title')}</h1>
        <p className="muted">{t('admin.intro')}</p>
      </header>
      <Tabs label={t('admin.sections')} tabs={tabs} selected={tab} onSelect={setTab}>
        {tab === 'providers' && <ProvidersTab />}
        {tab === 'events' && <AllEventsTab />}
        {tab === 'analytics' && <AnalyticsTab />}
      </Tabs>
    </main>
  );
}

function ProvidersTab() {
  const { t } = useTranslation();
  const { data: providers, isLoading, isFetching, isError, refetch } = useGetServiceProvidersQuery();

  let body;
  if (isLoading || (isError && isFetching)) body = <Spinner />;
  else if (isError || !providers) {
    body = <LoadError message={t('admin.loadProvidersFailed')} retryLabel={t('admin.retry')} onRetry={() => void refetch()} />;
  } else if (!providers.length) body = <p className="muted">{t('admin.noProviders')}</p>;
  else body = <ProvidersTable providers={providers} />;

  return <Card title={t('admin.tabProviders')}>{body}</Card>;
}

function ProvidersTable({ providers }: { providers: AdminServiceProvider[] }) {
  const { t } = useTranslation();
  return (
    <DataTable
      caption={t('admin.tabProviders')}
      columns={[
        { label: t('admin.name') },
        { label: t('admin.type') },
        { label: t('admin.activeEvents'), numeric: true },
        { label: t('admin.totalEvents'), numeric: true },
        { label: t('admin.totalContributions'), numeric: true },
        { label: t('admin.status') },
        { label: t('admin.actions'), hidden: true },
      ]}
    >
      {providers.map((provider) => (
        <tr key={provider.id}>
          <th scope="row">{provider.companyName}</th>
          <td>{provider.serviceTypes.map(humanize).join(', ')}</td>
          <td className="cr-num">{provider.activeEventsCount}</td>
          <td className="cr-num">{provider.totalEventsCount}</td>
          <td className="cr-num">{provider.totalContributionsCount}</td>
          <td>
            {/* Spec §2: the status always reads Active. */}
            <span className="cr-badge cr-badge-active">{t('admin.active')}</span>
          </td>
          <td>
            <Link
              to={`/admin/service-providers/${encodeURIComponent(provider.id)}`}
              className="button button-secondary cr-small"
              aria-label={t('admin.viewProvider', { name: provider.companyName })}
            >
              {t('admin.view')}
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function AllEventsTab() {
  const { t } = useTranslation();
  const events = useGetEventsQuery();
  const providers = useGetServiceProvidersQuery();
  const providerNames = useMemo(
    () => new Map((providers.data ?? []).map((provider) => [provider.id, provider.companyName])),
    [providers.data],
  );

  let body;
  if (events.isLoading || (events.isError && events.isFetching)) body = <Spinner />;
  else if (events.isError || !events.data) {
    body = <LoadError message={t('admin.loadEventsFailed')} retryLabel={t('admin.retry')} onRetry={() => void events.refetch()} />;
  } else if (!events.data.length) body = <p className="muted">{t('admin.noEvents')}</p>;
  else {
    body = (
      <EventsTable
        caption={t('admin.tabEvents')}
        events={events.data}
        provider={(event) => (event.serviceProviderId ? (providerNames.get(event.serviceProviderId) ?? '') : t('admin.noProvider'))}
      />
    );
  }
  return <Card title={t('admin.tabEvents')}>{body}</Card>;
}

/** Platform figures from the events and providers themselves. */
function AnalyticsTab() {
  const { t } = useTranslation();
  const events = useGetEventsQuery();
  const providers = useGetServiceProvidersQuery();

  if (events.isLoading || providers.isLoading) return <Spinner />;
  if (!events.data || !providers.data) {
    const retry = () => {
      if (events.isError) void events.refetch();
      if (providers.isError) void providers.refetch();
    };
    return <LoadError message={t(providers.data ? 'admin.loadEventsFailed' : 'admin.loadProvidersFailed')} retryLabel={t('admin.retry')} onRetry={retry} />;
  }
  return <Analytics events={events.data} providers={providers.data} />;
}

function Analytics({ events, providers }: { events: HostEvent[]; providers: AdminServiceProvider[] }) {
  const { t } = useTranslation();
  const active = events.filter((event) => event.status === EventStatus.Live).length;
  const contributions = events.reduce((sum, event) => sum + (event.contributionsCount ?? 0), 0);
  return (
    <section aria-labelledby="adm-analytics-title">
      <h2 id="adm-analytics-title" className="visually-hidden">
        {t('admin.tabAnalytics')}
      </h2>
      <p className="muted">{t('admin.analyticsIntro')}</p>
      <StatCards
        stats={[
          { label: t('admin.totalProviders'), value: providers.length },
          { label: t('admin.activeEvents'), value: active },
          { label: t('admin.totalContributions'), value: contributions },
          { label: t('admin.totalEvents'), value: events.length },
        ]}
      />
    </section>
  );
}
