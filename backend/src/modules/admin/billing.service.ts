import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import {
  AdjustCreditsResponse,
  AdminCreditTransaction,
  BillingSummary,
  ListTransactionsRequest,
  PageInfo,
  TransactionSortField,
  TransactionType,
} from '@memory-wall/contracts';
import { CreditLedger, CreditTransaction, EventRepository, ServiceProvider } from '@memory-wall/core';
import { toAdminCreditTransaction } from '../credits/credit-views';
import type { Session } from '../auth/session.store';
import { AdjustCreditsDto } from './dto/adjust-credits.dto';
import { inIdOrder, pageOfIds, whereAnyContains } from './table-page';

const TRANSACTION_SORT_SQL: Record<TransactionSortField, string> = {
  createdAt: 'tx.createdAt',
  serviceProviderName: 'LOWER(provider.companyName)',
  transactionType: 'CAST(tx.transactionType AS text)',
  amount: 'tx.amount',
};

/** The owner's billing: the ledger of every provider, revenue from real payments, and adjustments. */
@Injectable()
export class BillingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: CreditLedger,
    private readonly events: EventRepository,
  ) {}

  /** One page of ledger rows; search: provider, account, description or type. */
  async transactions(query: ListTransactionsRequest): Promise<PageInfo & { transactions: AdminCreditTransaction[] }> {
    const builder = this.dataSource
      .getRepository(CreditTransaction)
      .createQueryBuilder('tx')
      .leftJoin('tx.serviceProvider', 'provider')
      .leftJoin('tx.user', 'user');
    if (query.serviceProviderId) builder.where('tx.serviceProviderId = :id', { id: query.serviceProviderId });
    whereAnyContains(builder, query.search, [
      'provider.companyName',
      'user.username',
      'tx.description',
      'CAST(tx.transactionType AS text)',
    ]);
    const { ids, ...page } = await pageOfIds(builder, query, TRANSACTION_SORT_SQL, {
      sort: 'createdAt',
      idColumn: 'tx.id',
    });
    return { ...page, transactions: inIdOrder(ids, await this.transactionsById(ids)) };
  }

  /** Revenue sums amount_received as the purchase webhook recorded it, never list prices. */
  async summary(): Promise<BillingSummary> {
    const purchases: { credits: string | null; revenue: string | null } | undefined = await this.dataSource
      .getRepository(CreditTransaction)
      .createQueryBuilder('tx')
      .select('SUM(tx.amount)', 'credits')
      .addSelect(`SUM((tx.metadata->>'amountPaidCents')::bigint)`, 'revenue')
      .where('tx.transactionType = :purchase', { purchase: TransactionType.Purchase })
      .getRawOne();
    return {
      totalCreditsPurchased: Number(purchases?.credits ?? 0),
      totalRevenueCents: Number(purchases?.revenue ?? 0),
      activeServiceProviders: await this.events.countProvidersLive(),
      totalServiceProviders: await this.dataSource.getRepository(ServiceProvider).count(),
    };
  }

  async adjust(session: Session, dto: AdjustCreditsDto): Promise<AdjustCreditsResponse> {
    const { transaction, availableCredits } = await this.dataSource.transaction((tx) =>
      this.ledger.adjust(tx, {
        serviceProviderId: dto.serviceProviderId,
        ownerUserId: session.userId,
        amount: dto.amount,
        reason: dto.reason,
      }),
    );
    const [view] = await this.transactionsById([transaction.id]);
    return { success: true, transaction: view, availableCredits };
  }

  private async transactionsById(ids: string[]): Promise<AdminCreditTransaction[]> {
    if (!ids.length) return [];
    const rows = await this.dataSource
      .getRepository(CreditTransaction)
      .find({ where: { id: In(ids) }, relations: { serviceProvider: true, user: true } });
    return rows.map(toAdminCreditTransaction);
  }
}
