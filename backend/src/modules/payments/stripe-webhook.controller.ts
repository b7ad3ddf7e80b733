import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/auth.decorators';
import { BodyLimit } from '../../common/request-limits';
import { PurchaseWebhookService } from './purchase-webhook.service';
import { Answers, Refuses } from '../../openapi/responses';

@ApiTags('payments')
@Controller('stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: PurchaseWebhookService) {}

  /** Public: Stripe has no session; the signature over the raw body is the authentication. */
  @Public()
  @Post('webhook')
  @HttpCode(200)
  // Stripe's events are a few kB, but their size is Stripe's to choose: room to spare.
  @BodyLimit(512 * 1024)
  @ApiOperation({ summary: 'Stripe webhook: payment_intent.succeeded grants the paid pack, once per PaymentIntent' })
  @ApiBody({
    description: 'A Stripe event, signed in Stripe-Signature',
    schema: { type: 'object', additionalProperties: true },
  })
  @Answers(200, 'WebhookReceivedResponse', 'Received (also for event types it ignores)')
  @Refuses(422, 503)
  async receive(@Req() request: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature?: string) {
    await this.webhooks.receive(request.rawBody, signature);
    return { received: true };
  }
}
