import { Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { AppConfig } from '@memory-wall/core';

/** Payments need both keys: a secret key without the webhook secret would take money and grant nothing. */
export const paymentsConfigured = (config: AppConfig) =>
  config.STRIPE_SECRET_KEY !== '' && config.STRIPE_WEBHOOK_SECRET !== '';

export interface NewPaymentIntent {
  amountCents: number;
  currency: 'usd';
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** A webhook whose signature is missing, forged, or older than Stripe's tolerance. */
export class WebhookSignatureError extends Error {}
/** Stripe could not be reached or refused the request. */
export class PaymentProviderError extends Error {}

/** All I/O with Stripe. STRIPE_API_BASE points it at another address (a local fake in tests). */
@Injectable()
export class StripeGateway {
  private readonly stripe: Stripe | null;
  private readonly webhookSecret: string;

  constructor(config: AppConfig) {
    this.stripe = config.STRIPE_SECRET_KEY
      ? new Stripe(config.STRIPE_SECRET_KEY, {
          ...apiAddress(config.STRIPE_API_BASE),
          maxNetworkRetries: 2,
          timeout: 20_000,
        })
      : null;
    this.webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  }

  async createPaymentIntent(intent: NewPaymentIntent): Promise<{ id: string; clientSecret: string }> {
    if (!this.stripe) throw new PaymentProviderError('Stripe is not configured');
    try {
      const created = await this.stripe.paymentIntents.create(
        {
          amount: intent.amountCents,
          currency: intent.currency,
          description: intent.description,
          metadata: intent.metadata,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: intent.idempotencyKey },
      );
      if (!created.client_secret) throw new PaymentProviderError(`PaymentIntent ${created.id} has no client secret`);
      return { id: created.id, clientSecret: created.client_secret };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError) throw new PaymentProviderError(`${err.type}: ${err.message}`);
      throw err;
    }
  }

  /** The event of a webhook delivery, once its signature over the exact raw body checks out. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
    try {
      return Stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
  }
}

function apiAddress(base: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}
