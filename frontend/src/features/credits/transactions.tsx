import { TRANSACTION_TYPES, type CreditTransactionView, type TransactionType } from '@memory-wall/contracts';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { creditsTexts } from '../../i18n/pages/credits';
import { addPageTexts } from '../../i18n/lazy';
import { signed } from './format';
import { DataTable } from '../../components/ui/DataTable';

// The owner's billing page shows the same badges: whichever page loads first adds the texts.
addPageTexts('credits', creditsTexts);

const isKnownType = (type: string): type is TransactionType => (TRANSACTION_TYPES as readonly string[]).includes(type);

/** The kind of a ledger row; a type this client does not know shows as a destructive badge with its raw name. */
export function TransactionTypeBadge({ type }: { type: string }) {
  const { t } = useTranslation();
  if (!isKnownType(type)) return <span className="cr-badge cr-badge-destructive">{type || '?'}</span>;
  return <span className={`cr-badge cr-badge-${type.replace('_', '-')}`}>{t(`credits.types.${type}`)}</span>;
}

/** A signed credit amount, green when credits came in and red when they went out. */
export function SignedAmount({ amount }: { amount: number }) {
  return <span className={amount >= 0 ? 'cr-amount cr-amount-in' : 'cr-amount cr-amount-out'}>{signed(amount)}</span>;
}

interface TableProps<T extends CreditTransactionView> {
  caption: string;
  transactions: readonly T[];
  /** Extra column after the date (the owner sees the provider). */
  provider?: { heading: string; cell(transaction: T): string };
}

/** Ledger rows: date, (provider,) type, signed amount, description. */
export function TransactionsTable<T extends CreditTransactionView>({ caption, transactions, provider }: TableProps<T>) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <DataTable
      caption={caption}
      columns={[
        { label: t('credits.date') },
        ...(provider ? [{ label: provider.heading }] : []),
        { label: t('credits.type') },
        { label: t('credits.amount'), numeric: true },
        { label: t('credits.description') },
      ]}
    >
      {transactions.map((transaction) => (
        <tr key={transaction.id}>
          <td className="cr-nowrap">{format.date(transaction.createdAt)}</td>
          {provider && <td>{provider.cell(transaction)}</td>}
          <td>
            <TransactionTypeBadge type={transaction.transactionType} />
          </td>
          <td className="cr-num">
            <SignedAmount amount={transaction.amount} />
          </td>
          <td>{transaction.description}</td>
        </tr>
      ))}
    </DataTable>
  );
}
