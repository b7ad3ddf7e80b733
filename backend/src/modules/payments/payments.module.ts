import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { PurchaseWebhookService } from './purchase-webhook.service';
import { StripeGateway } from './stripe-gateway';
import { StripeWebhookController } from './stripe-webhook.controller';

@Module({
  imports: [CreditsModule],
  controllers: [PaymentsController, StripeWebhookController],
  providers: [PaymentsService, PurchaseWebhookService, StripeGateway],
})
export class PaymentsModule {}
