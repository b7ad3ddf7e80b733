import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CreditsSummaryResponse, Role } from '@memory-wall/contracts';
import { CurrentSession, Roles } from '../../common/auth/auth.decorators';
import type { Session } from '../auth/session.store';
import { CreditsService } from './credits.service';
import { Answers } from '../../openapi/responses';

@ApiTags('credits')
@Controller('service-provider')
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get('credits')
  @Roles(Role.ServiceProvider)
  @ApiOperation({
    summary: "The caller's credits (available, total, used, purchased) and recent ledger rows, newest first",
  })
  @Answers(200, 'CreditsSummaryResponse')
  summary(@CurrentSession() session: Session): Promise<CreditsSummaryResponse> {
    return this.credits.summaryOf(session);
  }
}
