import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  AuthMessages,
  CreatePaymentIntentResponse,
  CreditMessages,
  DomainErrorCode,
  findCreditPack,
} from '@memory-wall/contracts';
import { AppConfig, DomainError } from '@memory-wall/core';
import type { Session } from '../auth/session.store';
import { PaymentProviderError, paymentsConfigured, StripeGateway } from './stripe-gateway';

const CLIENT_KEY = /^[\w-]{8,100}$/;

@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly stripe: StripeGateway,
  ) {}

  /**
   * Starts the purchase of a pack at the pack's own price. A client key (Idempotency-Key header) makes a
   * repeated click return the same PaymentIntent; it is namespaced by provider and pack so it can neither
   * reach another provider's intent nor collide with different parameters.
   */
  async createPaymentIntent(
    session: Session,
    creditPackId: string,
    clientKey?: string,
  ): Promise<CreatePaymentIntentResponse> {
    if (!paymentsConfigured(this.config))
      throw new DomainError(DomainErrorCode.Unavailable, CreditMessages.paymentsNotConfigured);
    if (!session.serviceProviderId) throw new DomainError(DomainErrorCode.Forbidden, AuthMessages.accessDenied);
    const pack = findCreditPack(creditPackId)!;
    const key = clientKey && CLIENT_KEY.test(clientKey) ? clientKey : randomUUID();
    try {
      const intent = await this.stripe.createPaymentIntent({
        amountCents: pack.price,
        currency: 'usd',
        description: `${pack.name} credit pack: ${pack.credits} credits`,
        metadata: {
          serviceProviderId: session.serviceProviderId,
          userId: session.userId,
          creditPackId: pack.id,
          credits: String(pack.credits),
        },
        idempotencyKey: `credit-pack:${session.serviceProviderId}:${pack.id}:${key}`,
      });
      return {
        success: true,
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: pack.price,
        currency: 'usd',
        creditPack: pack,
      };
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      this.logger.error(`Creating a PaymentIntent failed: ${err.message}`);
      throw new DomainError(DomainErrorCode.UpstreamFailed, CreditMessages.paymentProviderUnavailable);
    }
  }
}
