import { useEffect, useState } from 'react';
import { RECENT_TRANSACTIONS_SHOWN, type CreditsSummaryResponse } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { Tabs } from '../../components/ui/Tabs';
import { showError } from '../../components/ui/toast';
import { creditsTexts } from '../../i18n/pages/credits';
import { addPageTexts } from '../../i18n/lazy';
import { PurchaseCredits } from './PurchaseCredits';
import { TransactionsTable } from './transactions';
import { LoadError, StatCards } from './ui';
import { usePurchaseConfirmation, type PurchaseConfirmation } from './usePurchaseConfirmation';

addPageTexts('credits', creditsTexts);

type Tab = 'summary' | 'history' | 'purchase';

/** /credits (spec §2 Credits page), for service providers. */
export function CreditsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('summary');
  const { credits, confirmation } = usePurchaseConfirmation();
  const summary = credits.data;

  useEffect(() => {
    if (confirmation.failedReturn) showError(t('credits.paymentFailed'), t('credits.paymentErrorFallback'));
  }, [confirmation.failedReturn, t]);

  const onPaid = (paymentIntentId: string) => {
    confirmation.paid(paymentIntentId, summary?.credits.available ?? null);
    setTab('summary');
  };

  const tabs = [
    { id: 'summary', label: t('credits.tabSummary') },
    { id: 'history', label: t('credits.tabHistory') },
    { id: 'purchase', label: t('credits.tabPurchase') },
  ] as const;

  let panel;
  if (tab === 'purchase') panel = <PurchaseCredits onPaid={onPaid} />;
  else if (summary) {
    panel =
      tab === 'summary' ? (
        <AccountSummary summary={summary} onViewAll={() => setTab('history')} onPurchase={() => setTab('purchase')} />
      ) : (
        <TransactionHistory summary={summary} />
      );
  } else if (credits.isLoading) panel = <Spinner />;
  else
    panel = (
      <LoadError
        message={t('credits.loadFailed')}
        retryLabel={t('credits.retry')}
        onRetry={() => void credits.refetch()}
      />
    );

  return (
    <main className="page cr-page">
      <header className="cr-header">
        <h1>{t('credits.title')}</h1>
        <p className="muted">{t('credits.intro')}</p>
      </header>
      {confirmation.showBanner && <SuccessBanner confirmation={confirmation} />}
      <Tabs label={t('credits.sections')} tabs={tabs} selected={tab} onSelect={setTab}>
        {panel}
      </Tabs>
    </main>
  );
}

function SuccessBanner({ confirmation }: { confirmation: PurchaseConfirmation }) {
  const { t } = useTranslation();
  return (
    <section className="cr-banner" role="status" aria-labelledby="cr-banner-title">
      <div>
        <h2 id="cr-banner-title">{t('credits.paymentSuccessful')}</h2>
        <p>{t('credits.creditsAdded')}</p>
        {confirmation.awaiting && <p className="cr-banner-note">{t('credits.awaitingCredits')}</p>}
        {confirmation.delayed && <p className="cr-banner-note">{t('credits.creditsDelayed')}</p>}
      </div>
      <button type="button" className="button button-secondary" onClick={confirmation.dismiss}>
        {t('credits.dismiss')}
      </button>
    </section>
  );
}

interface SummaryProps {
  summary: CreditsSummaryResponse;
  onViewAll(): void;
  onPurchase(): void;
}

function AccountSummary({ summary, onViewAll, onPurchase }: SummaryProps) {
  const { t } = useTranslation();
  const { credits, transactions } = summary;
  const recent = transactions.slice(0, RECENT_TRANSACTIONS_SHOWN);
  return (
    <div className="cr-summary">
      <StatCards
        stats={[
          { label: t('credits.available'), value: credits.available },
          { label: t('credits.total'), value: credits.total },
          { label: t('credits.used'), value: credits.used },
        ]}
      />
      {credits.available === 0 && (
        <div className="cr-alert cr-alert-warning" role="alert">
          <div>
            <strong>{t('credits.noCreditsTitle')}</strong>
            <p>{t('credits.noCreditsText')}</p>
          </div>
          <button type="button" className="button" onClick={onPurchase}>
            {t('credits.tabPurchase')}
          </button>
        </div>
      )}
      <Card title={t('credits.howItWorks')}>
        <ul className="cr-info">
          <li>{t('credits.infoOneEvent')}</li>
          <li>{t('credits.infoNoExpiry')}</li>
          <li>{t('credits.infoPacks')}</li>
        </ul>
      </Card>
      <Card title={t('credits.recent')}>
        {recent.length ? (
          <>
            <TransactionsTable caption={t('credits.recent')} transactions={recent} />
            <button type="button" className="button button-secondary" onClick={onViewAll}>
              {t('credits.viewAll')}
            </button>
          </>
        ) : (
          <p className="muted">{t('credits.noTransactions')}</p>
        )}
      </Card>
    </div>
  );
}

function TransactionHistory({ summary }: { summary: CreditsSummaryResponse }) {
  const { t } = useTranslation();
  return (
    <Card title={t('credits.tabHistory')}>
      {summary.transactions.length ? (
        <TransactionsTable caption={t('credits.tabHistory')} transactions={summary.transactions} />
      ) : (
        <p className="muted">{t('credits.noTransactions')}</p>
      )}
    </Card>
  );
}
