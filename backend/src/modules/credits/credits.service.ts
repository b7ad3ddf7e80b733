import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  AuthMessages,
  CreditsSummaryResponse,
  DomainErrorCode,
  PROVIDER_TRANSACTIONS_LIMIT,
} from '@memory-wall/contracts';
import { CreditTransaction, DomainError, ServiceProvider } from '@memory-wall/core';
import type { Session } from '../auth/session.store';
import { toCreditTransactionView } from './credit-views';

@Injectable()
export class CreditsService {
  constructor(
    @InjectRepository(ServiceProvider) private readonly providers: Repository<ServiceProvider>,
    @InjectRepository(CreditTransaction) private readonly ledger: Repository<CreditTransaction>,
  ) {}

  /** The caller's balance and its most recent ledger rows, newest first. */
  async summaryOf(session: Session): Promise<CreditsSummaryResponse> {
    const provider = session.serviceProviderId
      ? await this.providers.findOneBy({ id: session.serviceProviderId })
      : null;
    if (!provider) throw new DomainError(DomainErrorCode.Forbidden, AuthMessages.accessDenied);
    const rows = await this.ledger.find({
      where: { serviceProviderId: provider.id },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: PROVIDER_TRANSACTIONS_LIMIT,
    });
    return {
      success: true,
      credits: {
        available: provider.availableCredits,
        used: provider.totalCreditsUsed,
        purchased: provider.totalCreditsPurchased,
        total: provider.availableCredits + provider.totalCreditsUsed,
      },
      transactions: rows.map(toCreditTransactionView),
    };
  }
}
