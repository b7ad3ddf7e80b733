import { AdminCreditTransaction, CreditTransactionView } from '@memory-wall/contracts';
import { CreditTransaction } from '@memory-wall/core';

export function toCreditTransactionView(row: CreditTransaction): CreditTransactionView {
  return {
    id: row.id,
    amount: row.amount,
    transactionType: row.transactionType,
    description: row.description,
    stripePaymentIntentId: row.stripePaymentIntentId,
    metadata: row.metadata ?? {},
    createdAt: row.createdAt.toISOString(),
  };
}

/** Needs the row's serviceProvider and user relations loaded. */
export function toAdminCreditTransaction(row: CreditTransaction): AdminCreditTransaction {
  return {
    ...toCreditTransactionView(row),
    serviceProviderId: row.serviceProviderId,
    serviceProviderName: row.serviceProvider?.companyName ?? '',
    userId: row.userId,
    userName: row.user?.username ?? null,
  };
}
