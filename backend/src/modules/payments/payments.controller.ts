import { Body, Controller, Get, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CREDIT_PACKS, CreatePaymentIntentResponse, CreditPacksResponse, Role } from '@memory-wall/contracts';
import { AppConfig } from '@memory-wall/core';
import { CurrentSession, Public, Roles } from '../../common/auth/auth.decorators';
import type { Session } from '../auth/session.store';
import { CreatePaymentIntentDto } from './dto/create-payment-intent.dto';
import { PaymentsService } from './payments.service';
import { paymentsConfigured } from './stripe-gateway';
import { Answers, Refuses } from '../../openapi/responses';

@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('credit-packs')
  @ApiOperation({ summary: 'The credit packs on sale (prices in US cents), and whether payments are configured' })
  @Answers(200, 'CreditPacksResponse')
  creditPacks(): CreditPacksResponse {
    return {
      creditPacks: [...CREDIT_PACKS],
      payments: {
        enabled: paymentsConfigured(this.config),
        publishableKey: this.config.STRIPE_PUBLISHABLE_KEY || null,
      },
    };
  }

  @Post('create-payment-intent')
  @HttpCode(200)
  @Roles(Role.ServiceProvider)
  @ApiOperation({ summary: "Start buying a pack at the pack's price (the body's amount and credits are ignored)" })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Repeat it to get the same PaymentIntent back (8-100 of [A-Za-z0-9_-])',
  })
  @Answers(200, 'CreatePaymentIntentResponse')
  @Refuses(502, 503)
  createPaymentIntent(
    @CurrentSession() session: Session,
    @Body() dto: CreatePaymentIntentDto,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<CreatePaymentIntentResponse> {
    return this.payments.createPaymentIntent(session, dto.creditPackId, idempotencyKey);
  }
}
