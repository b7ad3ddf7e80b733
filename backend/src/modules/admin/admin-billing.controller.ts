import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdjustCreditsResponse, BillingSummary, Role } from '@memory-wall/contracts';
import { CurrentSession, Roles } from '../../common/auth/auth.decorators';
import type { Session } from '../auth/session.store';
import { BillingService } from './billing.service';
import { AdjustCreditsDto } from './dto/adjust-credits.dto';
import { ListTransactionsQuery } from './dto/list-transactions.query';
import { Answers, Refuses } from '../../openapi/responses';

@ApiTags('admin')
@Controller('admin')
@Roles(Role.Owner)
export class AdminBillingController {
  constructor(private readonly billing: BillingService) {}

  @Get('credit-transactions')
  @ApiOperation({ summary: "A page of every provider's ledger rows with provider and user names (search, sort)" })
  @Answers(200, 'AdminTransactionsResponse')
  transactions(@Query() query: ListTransactionsQuery) {
    return this.billing.transactions(query);
  }

  @Get('billing')
  @ApiOperation({ summary: 'Credits purchased, revenue actually paid (US cents), providers with a live event' })
  @Answers(200, 'BillingSummary')
  summary(): Promise<BillingSummary> {
    return this.billing.summary();
  }

  @Post('adjust-credits')
  @HttpCode(200)
  @ApiOperation({ summary: "Add or remove a provider's credits with a reason (never below zero)" })
  @Answers(200, 'AdjustCreditsResponse')
  @Refuses(404, 409)
  adjust(@CurrentSession() session: Session, @Body() dto: AdjustCreditsDto): Promise<AdjustCreditsResponse> {
    return this.billing.adjust(session, dto);
  }
}
