import { useDeferredValue, useMemo, useState } from 'react';
import type { AdminCreditTransaction, AdminServiceProvider } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { useGetBillingSummaryQuery, useGetCreditTransactionsQuery, useGetServiceProvidersQuery } from '../../api/admin';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { billingTexts } from '../../i18n/pages/billing';
import { addPageTexts } from '../../i18n/lazy';
import { Tabs } from '../../components/ui/Tabs';
import { TransactionsTable } from '../credits/transactions';
import { humanize, LoadError, StatCards } from '../credits/ui';
import { AdjustCreditsForm } from './AdjustCreditsForm';
import { ProvidersTable } from '../admin/ProvidersTable';

addPageTexts('billing', billingTexts);

type Tab = 'transactions' | 'providers' | 'adjust';

const matches = (query: string, ...texts: (string | null | undefined)[]) =>
  texts.some((text) => text?.toLowerCase().includes(query));

/** /admin/billing (spec §2 Billing), for the owner. */
export function BillingPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [tab, setTab] = useState<Tab>('transactions');
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const summary = useGetBillingSummaryQuery();
  const providers = useGetServiceProvidersQuery();
  const transactions = useGetCreditTransactionsQuery();

  const shownProviders = useMemo(
    () =>
      (providers.data ?? []).filter(
        (p) => !query || matches(query, p.companyName, p.userName, p.userData.email, ...p.serviceTypes),
      ),
    [providers.data, query],
  );
  const shownTransactions = useMemo(
    () =>
      (transactions.data ?? []).filter(
        (tx) =>
          !query ||
          matches(
            query,
            tx.serviceProviderName,
            tx.userName,
            tx.description,
            tx.transactionType,
            humanize(tx.transactionType),
          ),
      ),
    [transactions.data, query],
  );

  const tabs = [
    { id: 'transactions', label: t('billing.tabTransactions') },
    { id: 'providers', label: t('billing.tabProviders') },
    { id: 'adjust', label: t('billing.tabAdjust') },
  ] as const;

  let panel;
  if (tab === 'transactions') {
    panel = (
      <Card title={t('billing.tabTransactions')}>
        {transactions.isLoading || (transactions.isError && transactions.isFetching) ? (
          <Spinner />
        ) : !transactions.data ? (
          <LoadError
            message={t('billing.loadTransactionsFailed')}
            retryLabel={t('billing.retry')}
            onRetry={() => void transactions.refetch()}
          />
        ) : !transactions.data.length ? (
          <p className="muted">{t('billing.noTransactions')}</p>
        ) : !shownTransactions.length ? (
          <p className="muted">{t('billing.noTransactionsMatch')}</p>
        ) : (
          <TransactionsTable<AdminCreditTransaction>
            caption={t('billing.tabTransactions')}
            transactions={shownTransactions}
            provider={{ heading: t('billing.provider'), cell: (tx) => tx.serviceProviderName }}
          />
        )}
      </Card>
    );
  } else {
    const title = tab === 'providers' ? t('billing.tabProviders') : t('billing.tabAdjust');
    let body;
    if (providers.isLoading || (providers.isError && providers.isFetching)) body = <Spinner />;
    else if (!providers.data) {
      body = (
        <LoadError
          message={t('billing.loadFailed')}
          retryLabel={t('billing.retry')}
          onRetry={() => void providers.refetch()}
        />
      );
    } else if (tab === 'adjust') body = <AdjustCreditsForm providers={providers.data} />;
    else if (!providers.data.length) body = <p className="muted">{t('billing.noProviders')}</p>;
    else if (!shownProviders.length) body = <p className="muted">{t('billing.noProvidersMatch')}</p>;
    else body = <ProviderCredits providers={shownProviders} />;
    panel = <Card title={title}>{body}</Card>;
  }

  return (
    <main className="page cr-page cr-wide">
      <header className="cr-header">
        <h1>{t('billing.title')}</h1>
        <p className="muted">{t('billing.intro')}</p>
      </header>
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
      <div className="cr-search">
        <TextField
          label={t('billing.search')}
          type="search"
          placeholder={t('billing.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <Tabs label={t('billing.sections')} tabs={tabs} selected={tab} onSelect={setTab}>
        {panel}
      </Tabs>
    </main>
  );
}

function ProviderCredits({ providers }: { providers: AdminServiceProvider[] }) {
  const { t } = useTranslation();
  return (
    <ProvidersTable
      caption={t('billing.tabProviders')}
      providers={providers}
      company={t('billing.company')}
      columns={[
        {
          label: t('billing.account'),
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
      ]}
      link={{ header: t('billing.viewDetails'), text: t('billing.viewDetails') }}
    />
  );
}
