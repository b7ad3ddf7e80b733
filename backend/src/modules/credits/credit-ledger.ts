import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EventMessages, TransactionType } from '@memory-wall/contracts';
import { CreditTransaction, Event, ServiceProvider } from '@memory-wall/core';

export class NotEnoughCreditsException extends HttpException {
  constructor() {
    super({ message: EventMessages.notEnoughCredits }, HttpStatus.PAYMENT_REQUIRED);
  }
}

/**
 * The credit ledger. Balances change only together with a ledger row, in the caller's transaction,
 * through a conditional update that can never take a balance below zero.
 */
@Injectable()
export class CreditLedger {
  /**
   * Charges the event's one credit to its provider, unless it was charged already. The caller holds
   * the event row locked (FOR UPDATE) in the same transaction. Events without a provider (the owner's
   * own) cost nothing.
   */
  async chargeForEvent(tx: EntityManager, event: Event, userId: string): Promise<void> {
    if (event.creditChargedAt || !event.serviceProviderId) return;
    const debited = await tx
      .createQueryBuilder()
      .update(ServiceProvider)
      .set({ availableCredits: () => '"availableCredits" - 1', totalCreditsUsed: () => '"totalCreditsUsed" + 1' })
      .where('id = :id AND "availableCredits" >= 1', { id: event.serviceProviderId })
      .execute();
    if (debited.affected !== 1) throw new NotEnoughCreditsException();
    await tx.insert(CreditTransaction, {
      serviceProviderId: event.serviceProviderId,
      userId,
      amount: -1,
      transactionType: TransactionType.EventCreation,
      description: `Published ${event.name}`,
      metadata: { eventId: event.id },
    });
    event.creditChargedAt = new Date();
    await tx.update(Event, { id: event.id }, { creditChargedAt: event.creditChargedAt });
  }
}
