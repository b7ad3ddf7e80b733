import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import {
  adjustmentBelowZero,
  CreditMessages,
  CreditPack,
  DomainErrorCode,
  DomainEventName,
  EventMessages,
  TransactionType,
} from '@memory-wall/contracts';
import { CreditTransaction, Event, ServiceProvider } from '../database/entities';
import { recordDomainEvent } from '../domain-events/domain-event-outbox';
import { DomainError } from '../errors/domain-error';

export interface PackPurchase {
  serviceProviderId: string;
  userId: string | null;
  pack: CreditPack;
  paymentIntentId: string;
  /** What Stripe actually received, in the currency's smallest unit. */
  amountPaidCents: number;
  currency: string;
}

export interface OwnerAdjustment {
  serviceProviderId: string;
  ownerUserId: string;
  amount: number;
  reason: string;
}

/**
 * The credit ledger. Balances change only together with a ledger row, in the caller's transaction,
 * through a conditional update that can never take a balance below zero.
 */
@Injectable()
export class CreditLedger {
  /**
   * Charges the event's one credit to its provider, unless it was charged already. The caller holds
   * the event row locked (FOR UPDATE) in the same transaction, and stores the `creditChargedAt` set here with
   * the status change (the event's row is EventRepository's to write). Events without a provider (the
   * owner's own) cost nothing.
   */
  async chargeForEvent(tx: EntityManager, event: Event, userId: string): Promise<void> {
    if (event.creditChargedAt || !event.serviceProviderId) return;
    const debited = await tx
      .createQueryBuilder()
      .update(ServiceProvider)
      .set({ availableCredits: () => '"availableCredits" - 1', totalCreditsUsed: () => '"totalCreditsUsed" + 1' })
      .where('id = :id AND "availableCredits" >= 1', { id: event.serviceProviderId })
      .execute();
    if (debited.affected !== 1) throw new DomainError(DomainErrorCode.NotEnoughCredits, EventMessages.notEnoughCredits);
    await tx.insert(CreditTransaction, {
      serviceProviderId: event.serviceProviderId,
      userId,
      amount: -1,
      transactionType: TransactionType.EventCreation,
      description: `Published ${event.name}`,
      metadata: { eventId: event.id },
    });
    event.creditChargedAt = new Date();
  }

  /**
   * Grants a paid pack's credits, once per PaymentIntent: the partial unique index on
   * stripePaymentIntentId lets only the first delivery insert its row (a concurrent one waits for it,
   * then inserts nothing). Returns false when the PaymentIntent was granted already.
   */
  async grantPurchase(tx: EntityManager, purchase: PackPurchase): Promise<boolean> {
    const { pack } = purchase;
    const inserted = await tx
      .createQueryBuilder()
      .insert()
      .into(CreditTransaction)
      .values({
        serviceProviderId: purchase.serviceProviderId,
        userId: purchase.userId,
        amount: pack.credits,
        transactionType: TransactionType.Purchase,
        description: `Purchased ${pack.name} pack (${pack.credits} credits)`,
        stripePaymentIntentId: purchase.paymentIntentId,
        metadata: { creditPackId: pack.id, amountPaidCents: purchase.amountPaidCents, currency: purchase.currency },
      })
      .orIgnore()
      .returning(['id'])
      .execute();
    const [row] = inserted.raw as Array<{ id: string }>;
    if (!row) return false;
    const credited = await tx
      .createQueryBuilder()
      .update(ServiceProvider)
      .set({
        availableCredits: () => '"availableCredits" + :credits',
        totalCreditsPurchased: () => '"totalCreditsPurchased" + :credits',
      })
      .where('id = :id', { id: purchase.serviceProviderId, credits: pack.credits })
      .execute();
    if (credited.affected !== 1) throw new DomainError(DomainErrorCode.NotFound, CreditMessages.providerNotFound);
    await recordDomainEvent(tx, DomainEventName.CreditsPurchased, {
      serviceProviderId: purchase.serviceProviderId,
      creditTransactionId: row.id,
      userId: purchase.userId,
      credits: pack.credits,
      packName: pack.name,
      amountPaidCents: purchase.amountPaidCents,
      currency: purchase.currency,
    });
    return true;
  }

  /** A new service provider's welcome credits, granted in the transaction that creates the provider. */
  async grantWelcome(
    tx: EntityManager,
    grant: { serviceProviderId: string; userId: string; credits: number },
  ): Promise<void> {
    const credited = await tx
      .createQueryBuilder()
      .update(ServiceProvider)
      .set({ availableCredits: () => '"availableCredits" + :credits' })
      .where('id = :id', { id: grant.serviceProviderId, credits: grant.credits })
      .execute();
    if (credited.affected !== 1) throw new DomainError(DomainErrorCode.NotFound, CreditMessages.providerNotFound);
    await tx.insert(CreditTransaction, {
      serviceProviderId: grant.serviceProviderId,
      userId: grant.userId,
      amount: grant.credits,
      transactionType: TransactionType.Promotion,
      description: 'Welcome credits for new service providers',
    });
  }

  /** The owner adds or removes credits; a removal never takes the balance below zero. */
  async adjust(
    tx: EntityManager,
    adjustment: OwnerAdjustment,
  ): Promise<{ transaction: CreditTransaction; availableCredits: number }> {
    const { serviceProviderId, amount } = adjustment;
    const updated = await tx
      .createQueryBuilder()
      .update(ServiceProvider)
      .set({ availableCredits: () => '"availableCredits" + :amount' })
      .where('id = :id AND "availableCredits" + :amount >= 0', { id: serviceProviderId, amount })
      .returning(['availableCredits'])
      .execute();
    if (updated.affected !== 1) {
      const provider = await tx.findOneBy(ServiceProvider, { id: serviceProviderId });
      if (!provider) throw new DomainError(DomainErrorCode.NotFound, CreditMessages.providerNotFound);
      const message = adjustmentBelowZero(provider.availableCredits);
      throw DomainError.ofFields(DomainErrorCode.Conflict, { amount: message });
    }
    const transaction = await tx.save(
      tx.create(CreditTransaction, {
        serviceProviderId,
        userId: adjustment.ownerUserId,
        amount,
        transactionType: TransactionType.AdminAdjustment,
        description: adjustment.reason,
        metadata: { reason: adjustment.reason, adjustedBy: adjustment.ownerUserId },
      }),
    );
    await recordDomainEvent(tx, DomainEventName.CreditsAdjusted, {
      serviceProviderId,
      creditTransactionId: transaction.id,
      amount,
    });
    const [{ availableCredits }] = updated.raw as Array<{ availableCredits: number }>;
    return { transaction, availableCredits };
  }
}
