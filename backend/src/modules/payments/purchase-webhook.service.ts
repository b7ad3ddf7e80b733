import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { CreditMessages, DomainErrorCode, findCreditPack } from '@memory-wall/contracts';
import { AppConfig, CreditLedger, DomainError, ServiceProvider } from '@memory-wall/core';
import { StripeGateway, WebhookSignatureError } from './stripe-gateway';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Stripe's webhook deliveries: the only way credits are bought. Stripe delivers at least once, in any
 * order, possibly concurrently; the ledger grants each PaymentIntent once.
 */
@Injectable()
export class PurchaseWebhookService {
  private readonly logger = new Logger(PurchaseWebhookService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly stripe: StripeGateway,
    private readonly ledger: CreditLedger,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    // Without the secret nothing can be verified; 503 makes Stripe retry once it is configured.
    if (!this.config.STRIPE_WEBHOOK_SECRET)
      throw new DomainError(DomainErrorCode.Unavailable, CreditMessages.paymentsNotConfigured);
    let event: Stripe.Event;
    try {
      event = this.stripe.verifyWebhook(rawBody ?? Buffer.alloc(0), signature);
    } catch (err) {
      if (!(err instanceof WebhookSignatureError)) throw err;
      this.logger.warn(`Refused a Stripe webhook: ${err.message}`);
      throw new DomainError(DomainErrorCode.Invalid, CreditMessages.invalidWebhookSignature);
    }
    if (event.type === 'payment_intent.succeeded') await this.grant(event.data.object);
  }

  private async grant(intent: Stripe.PaymentIntent): Promise<void> {
    const { creditPackId, serviceProviderId } = intent.metadata ?? {};
    // A payment of something else on the same Stripe account: not ours to answer.
    if (!creditPackId && !serviceProviderId) return;
    // Someone paid and gets nothing automatically: a 4xx keeps the delivery failing (and retried) in
    // Stripe's dashboard until a person looks, and the log says which PaymentIntent.
    const pack = findCreditPack(creditPackId ?? '');
    if (!pack) {
      this.logger.error(`PaymentIntent ${intent.id} paid for unknown credit pack ${JSON.stringify(creditPackId)}`);
      throw new DomainError(DomainErrorCode.Unprocessable, CreditMessages.unknownPackPaid);
    }
    const provider = UUID.test(serviceProviderId ?? '')
      ? await this.dataSource.getRepository(ServiceProvider).findOneBy({ id: serviceProviderId })
      : null;
    if (!provider) {
      this.logger.error(
        `PaymentIntent ${intent.id} paid for unknown service provider ${JSON.stringify(serviceProviderId)}`,
      );
      throw new DomainError(DomainErrorCode.Unprocessable, CreditMessages.unknownProviderPaid);
    }
    const granted = await this.dataSource.transaction((tx) =>
      this.ledger.grantPurchase(tx, {
        serviceProviderId: provider.id,
        userId: provider.userId,
        pack,
        paymentIntentId: intent.id,
        amountPaidCents: intent.amount_received ?? intent.amount,
        currency: intent.currency,
      }),
    );
    if (granted)
      this.logger.log(`Granted ${pack.credits} credits to provider ${provider.id} for PaymentIntent ${intent.id}`);
  }
}
