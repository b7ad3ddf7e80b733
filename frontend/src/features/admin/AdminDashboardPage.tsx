import { useState } from 'react';
import { Link } from 'react-router';
import {
  EventStatus,
  SortOrder,
  type AdminEventSortField,
  type AdminServiceProvider,
  type HostEvent,
  type PageInfo,
  type ProviderSortField,
} from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useGetAdminEventsQuery, useGetServiceProvidersQuery } from '../../api/admin';
import { useGetEventsQuery } from '../../api/events';
import { Card } from '../../components/ui/Card';
import type { RecordColumn } from '../../components/ui/RecordsTable';
import { Spinner } from '../../components/ui/Spinner';
import { useDebouncedValue, useServerTable } from '../../components/ui/serverTable';
import { adminTexts } from '../../i18n/pages/admin';
import { addPageTexts } from '../../i18n/lazy';
import { Tabs } from '../../components/ui/Tabs';
import { LoadError, StatCards } from '../credits/ui';
import { useEventColumns } from './eventColumns';
import { PagedTable } from './PagedTable';
import { SearchField } from './SearchField';
import { serviceTypeLabel } from './serviceTypes';
import { RetentionControl } from './RetentionControl';
import { VerifiedToggle } from './VerifiedToggle';

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
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim());
  const table = useServerTable<ProviderSortField>(searched, { sort: 'createdAt', order: SortOrder.Desc });
  const providers = useGetServiceProvidersQuery(table.request);
  const columns: RecordColumn<AdminServiceProvider>[] = [
    { label: t('admin.name'), sortKey: 'companyName', cell: (provider) => provider.companyName },
    { label: t('admin.type'), cell: (provider) => provider.serviceTypes.map(serviceTypeLabel(t)).join(', ') },
    { label: t('admin.verification'), sortKey: 'verified', cell: (provider) => <VerifiedToggle provider={provider} /> },
    { label: t('admin.retention'), cell: (provider) => <RetentionControl provider={provider} /> },
    { label: t('admin.activeEvents'), numeric: true, sortKey: 'activeEventsCount', cell: (p) => p.activeEventsCount },
    { label: t('admin.totalEvents'), numeric: true, sortKey: 'totalEventsCount', cell: (p) => p.totalEventsCount },
    {
      label: t('admin.totalContributions'),
      numeric: true,
      sortKey: 'totalContributionsCount',
      cell: (provider) => provider.totalContributionsCount,
    },
    // Spec §2: the status always reads Active.
    { label: t('admin.status'), cell: () => <span className="cr-badge cr-badge-active">{t('admin.active')}</span> },
    {
      label: t('admin.actions'),
      hidden: true,
      cell: (provider) => (
        <Link
          to={`/admin/service-providers/${encodeURIComponent(provider.id)}`}
          className="button button-secondary cr-small"
          aria-label={t('admin.viewProvider', { name: provider.companyName })}
        >
          {t('admin.view')}
        </Link>
      ),
    },
  ];
  return (
    <Card title={t('admin.tabProviders')}>
      <SearchField label={t('admin.searchProviders')} value={search} onChange={setSearch} />
      <PagedTable
        caption={t('admin.tabProviders')}
        columns={columns}
        table={table}
        query={providers}
        rows={(page) => page.serviceProviders}
        searching={Boolean(searched)}
        texts={{
          empty: t('admin.noProviders'),
          noMatch: t('admin.noProvidersMatch'),
          loadFailed: t('admin.loadProvidersFailed'),
          retry: t('admin.retry'),
        }}
      />
    </Card>
  );
}

function AllEventsTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim());
  const table = useServerTable<AdminEventSortField>(searched, { sort: 'createdAt', order: SortOrder.Desc });
  const events = useGetAdminEventsQuery(table.request);
  const columns = useEventColumns({ withProvider: true });
  return (
    <Card title={t('admin.tabEvents')}>
      <SearchField label={t('admin.searchEvents')} value={search} onChange={setSearch} />
      <PagedTable
        caption={t('admin.tabEvents')}
        columns={columns}
        table={table}
        query={events}
        rows={(page) => page.events}
        searching={Boolean(searched)}
        texts={{
          empty: t('admin.noEvents'),
          noMatch: t('admin.noEventsMatch'),
          loadFailed: t('admin.loadEventsFailed'),
          retry: t('admin.retry'),
        }}
      />
    </Card>
  );
}

/** Platform figures from the events and providers themselves. */
function AnalyticsTab() {
  const { t } = useTranslation();
  const events = useGetEventsQuery();
  // Only the count of providers is needed here: the smallest page carries it.
  const providers = useGetServiceProvidersQuery({ pageSize: 1 });

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

function Analytics({ events, providers }: { events: HostEvent[]; providers: PageInfo }) {
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
          { label: t('admin.totalProviders'), value: providers.total },
          { label: t('admin.activeEvents'), value: active },
          { label: t('admin.totalContributions'), value: contributions },
          { label: t('admin.totalEvents'), value: events.length },
        ]}
      />
    </section>
  );
}
