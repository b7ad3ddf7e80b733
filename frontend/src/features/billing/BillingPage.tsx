import { useState } from 'react';
import { Link } from 'react-router';
import {
  ADMIN_PAGE_SIZE,
  SortOrder,
  type AdminCreditTransaction,
  type AdminServiceProvider,
  type ProviderSortField,
  type TransactionSortField,
} from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { useGetBillingSummaryQuery, useGetCreditTransactionsQuery, useGetServiceProvidersQuery } from '../../api/admin';
import { useGetCreditPacksQuery } from '../../api/credits';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import type { RecordColumn } from '../../components/ui/RecordsTable';
import { useDebouncedValue, useServerTable } from '../../components/ui/serverTable';
import { billingTexts } from '../../i18n/pages/billing';
import { addPageTexts } from '../../i18n/lazy';
import { Tabs } from '../../components/ui/Tabs';
import { SignedAmount, TransactionTypeBadge } from '../credits/transactions';
import { LoadError, StatCards } from '../credits/ui';
import { PagedTable } from '../admin/PagedTable';
import { SearchField } from '../admin/SearchField';
import { AdjustCreditsForm } from './AdjustCreditsForm';

addPageTexts('billing', billingTexts);

type Tab = 'transactions' | 'providers' | 'adjust';

/** /admin/billing (spec §2 Billing), for the owner. */
export function BillingPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [tab, setTab] = useState<Tab>('transactions');
  const [search, setSearch] = useState('');
  // One search box for both tables, as the spec has it; each table keeps its own sort and page.
  const searched = useDebouncedValue(search.trim());
  const summary = useGetBillingSummaryQuery();

  const tabs = [
    { id: 'transactions', label: t('billing.tabTransactions') },
    { id: 'providers', label: t('billing.tabProviders') },
    { id: 'adjust', label: t('billing.tabAdjust') },
  ] as const;

  let panel;
  if (tab === 'transactions') {
    panel = (
      <Card title={t('billing.tabTransactions')}>
        <TransactionsPage search={searched} />
      </Card>
    );
  } else if (tab === 'providers') {
    panel = (
      <Card title={t('billing.tabProviders')}>
        <ProviderCredits search={searched} />
      </Card>
    );
  } else {
    panel = (
      <Card title={t('billing.tabAdjust')}>
        <AdjustCredits />
      </Card>
    );
  }

  return (
    <main className="page cr-page cr-wide">
      <header className="cr-header">
        <h1>{t('billing.title')}</h1>
        <p className="muted">{t('billing.intro')}</p>
      </header>
      <PaymentsOffNotice />
      {summary.data ? (
        <StatCards
          stats={[
            {
              label: t('billing.totalCredits'),
              value: summary.data.totalCreditsPurchased,
              hint: t('billing.totalCreditsHint'),
            },
            {
              label: t('billing.totalRevenue'),
              value: format.money(summary.data.totalRevenueCents),
              hint: t('billing.totalRevenueHint'),
            },
            {
              label: t('billing.activeProviders'),
              value: summary.data.activeServiceProviders,
              hint: t('billing.activeProvidersHint', { total: summary.data.totalServiceProviders }),
            },
          ]}
        />
      ) : summary.isLoading || summary.isFetching ? (
        <Spinner />
      ) : (
        <LoadError
          message={t('billing.loadFailed')}
          retryLabel={t('billing.retry')}
          onRetry={() => void summary.refetch()}
        />
      )}
      <SearchField
        label={t('billing.search')}
        placeholder={t('billing.searchPlaceholder')}
        value={search}
        onChange={setSearch}
      />
      <Tabs label={t('billing.sections')} tabs={tabs} selected={tab} onSelect={setTab}>
        {panel}
      </Tabs>
    </main>
  );
}

/** Without Stripe keys nobody can buy credits: the owner is told, and told how to turn payments on. */
function PaymentsOffNotice() {
  const { t } = useTranslation();
  const { data } = useGetCreditPacksQuery();
  if (!data || data.payments.enabled) return null;
  return (
    <section className="cr-alert" role="status" aria-labelledby="billing-payments-off">
      <div>
        <strong id="billing-payments-off">{t('billing.paymentsOffTitle')}</strong>
        <p>{t('billing.paymentsOffText')}</p>
      </div>
    </section>
  );
}

function TransactionsPage({ search }: { search: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const table = useServerTable<TransactionSortField>(search, { sort: 'createdAt', order: SortOrder.Desc });
  const transactions = useGetCreditTransactionsQuery(table.request);
  const columns: RecordColumn<AdminCreditTransaction>[] = [
    { label: t('billing.date'), sortKey: 'createdAt', nowrap: true, cell: (tx) => format.date(tx.createdAt) },
    { label: t('billing.provider'), sortKey: 'serviceProviderName', cell: (tx) => tx.serviceProviderName },
    {
      label: t('billing.type'),
      sortKey: 'transactionType',
      cell: (tx) => <TransactionTypeBadge type={tx.transactionType} />,
    },
    { label: t('billing.amount'), sortKey: 'amount', numeric: true, cell: (tx) => <SignedAmount amount={tx.amount} /> },
    { label: t('billing.description'), cell: (tx) => tx.description },
  ];
  return (
    <PagedTable
      caption={t('billing.tabTransactions')}
      columns={columns}
      table={table}
      query={transactions}
      rows={(page) => page.transactions}
      searching={Boolean(search)}
      texts={{
        empty: t('billing.noTransactions'),
        noMatch: t('billing.noTransactionsMatch'),
        loadFailed: t('billing.loadTransactionsFailed'),
        retry: t('billing.retry'),
      }}
    />
  );
}

function ProviderCredits({ search }: { search: string }) {
  const { t } = useTranslation();
  const table = useServerTable<ProviderSortField>(search, { sort: 'companyName', order: SortOrder.Asc });
  const providers = useGetServiceProvidersQuery(table.request);
  const columns: RecordColumn<AdminServiceProvider>[] = [
    { label: t('billing.company'), sortKey: 'companyName', cell: (provider) => provider.companyName },
    {
      label: t('billing.account'),
      sortKey: 'userName',
      cell: (provider) => (
        <>
          <div>{provider.userName}</div>
          <div className="muted cr-small-text">{provider.userData.email}</div>
        </>
      ),
    },
    { label: t('billing.available'), numeric: true, cell: (provider) => provider.availableCredits },
    { label: t('billing.purchased'), numeric: true, cell: (provider) => provider.totalCreditsPurchased },
    { label: t('billing.used'), numeric: true, cell: (provider) => provider.totalCreditsUsed },
    {
      label: t('billing.viewDetails'),
      hidden: true,
      cell: (provider) => (
        <Link
          to={`/admin/service-providers/${encodeURIComponent(provider.id)}`}
          className="button button-secondary cr-small"
        >
          {t('billing.viewDetails')}
        </Link>
      ),
    },
  ];
  return (
    <PagedTable
      caption={t('billing.tabProviders')}
      columns={columns}
      table={table}
      query={providers}
      rows={(page) => page.serviceProviders}
      searching={Boolean(search)}
      texts={{
        empty: t('billing.noProviders'),
        noMatch: t('billing.noProvidersMatch'),
        loadFailed: t('billing.loadFailed'),
        retry: t('billing.retry'),
      }}
    />
  );
}

/** The form's provider list: the largest page, by name. */
function AdjustCredits() {
  const { t } = useTranslation();
  const providers = useGetServiceProvidersQuery({
    sort: 'companyName',
    order: SortOrder.Asc,
    pageSize: ADMIN_PAGE_SIZE.max,
  });
  if (providers.isLoading || (providers.isError && providers.isFetching)) return <Spinner />;
  if (!providers.data) {
    return (
      <LoadError
        message={t('billing.loadFailed')}
        retryLabel={t('billing.retry')}
        onRetry={() => void providers.refetch()}
      />
    );
  }
  return <AdjustCreditsForm providers={providers.data.serviceProviders} />;
}
