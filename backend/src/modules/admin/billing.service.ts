import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  ADMIN_TRANSACTIONS_LIMIT,
  AdjustCreditsResponse,
  AdminCreditTransaction,
  BillingSummary,
  TransactionType,
} from '@memory-wall/contracts';
import { CreditLedger, CreditTransaction, EventRepository, ServiceProvider } from '@memory-wall/core';
import { toAdminCreditTransaction } from '../credits/credit-views';
import type { Session } from '../auth/session.store';
import { AdjustCreditsDto } from './dto/adjust-credits.dto';
import { ListTransactionsQuery } from './dto/list-transactions.query';

/** The owner's billing: the ledger of every provider, revenue from real payments, and adjustments. */
@Injectable()
export class BillingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: CreditLedger,
    private readonly events: EventRepository,
  ) {}

  async transactions(query: ListTransactionsQuery): Promise<AdminCreditTransaction[]> {
    const builder = this.dataSource
      .getRepository(CreditTransaction)
      .createQueryBuilder('tx')
      .leftJoinAndSelect('tx.serviceProvider', 'provider')
      .leftJoinAndSelect('tx.user', 'user')
      .orderBy('tx.createdAt', 'DESC')
      .addOrderBy('tx.id', 'DESC')
      .limit(query.limit ?? ADMIN_TRANSACTIONS_LIMIT.default);
    if (query.serviceProviderId) builder.where('tx.serviceProviderId = :id', { id: query.serviceProviderId });
    return (await builder.getMany()).map(toAdminCreditTransaction);
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
    const [view] = await this.transactionsById(transaction.id);
    return { success: true, transaction: view, availableCredits };
  }

  private async transactionsById(id: string): Promise<AdminCreditTransaction[]> {
    const rows = await this.dataSource
      .getRepository(CreditTransaction)
      .find({ where: { id }, relations: { serviceProvider: true, user: true } });
    return rows.map(toAdminCreditTransaction);
  }
}
