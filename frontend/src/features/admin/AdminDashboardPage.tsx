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
import { ProvidersTable } from './ProvidersTable';

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
        <p>
          <Link to="/admin/mail">{t('admin.mailLink')}</Link>
        </p>
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
    body = (
      <LoadError
        message={t('admin.loadProvidersFailed')}
        retryLabel={t('admin.retry')}
        onRetry={() => void refetch()}
      />
    );
  } else if (!providers.length) body = <p className="muted">{t('admin.noProviders')}</p>;
  else body = <ProvidersOverview providers={providers} />;

  return <Card title={t('admin.tabProviders')}>{body}</Card>;
}

function ProvidersOverview({ providers }: { providers: AdminServiceProvider[] }) {
  const { t } = useTranslation();
  return (
    <ProvidersTable
      caption={t('admin.tabProviders')}
      providers={providers}
      company={t('admin.name')}
      columns={[
        { label: t('admin.type'), cell: (provider) => provider.serviceTypes.map(humanize).join(', ') },
        { label: t('admin.activeEvents'), numeric: true, cell: (provider) => provider.activeEventsCount },
        { label: t('admin.totalEvents'), numeric: true, cell: (provider) => provider.totalEventsCount },
        { label: t('admin.totalContributions'), numeric: true, cell: (provider) => provider.totalContributionsCount },
        // Spec §2: the status always reads Active.
        { label: t('admin.status'), cell: () => <span className="cr-badge cr-badge-active">{t('admin.active')}</span> },
      ]}
      link={{
        header: t('admin.actions'),
        text: t('admin.view'),
        label: (provider) => t('admin.viewProvider', { name: provider.companyName }),
      }}
    />
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
    body = (
      <LoadError
        message={t('admin.loadEventsFailed')}
        retryLabel={t('admin.retry')}
        onRetry={() => void events.refetch()}
      />
    );
  } else if (!events.data.length) body = <p className="muted">{t('admin.noEvents')}</p>;
  else {
    body = (
      <EventsTable
        caption={t('admin.tabEvents')}
        events={events.data}
        provider={(event) =>
          event.serviceProviderId ? (providerNames.get(event.serviceProviderId) ?? '') : t('admin.noProvider')
        }
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
    return (
      <LoadError
        message={t(providers.data ? 'admin.loadEventsFailed' : 'admin.loadProvidersFailed')}
        retryLabel={t('admin.retry')}
        onRetry={retry}
      />
    );
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
