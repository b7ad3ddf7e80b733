import { Body, Controller, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@memory-wall/contracts';
import { CurrentSession, Roles } from '../../common/auth/auth.decorators';
import { AuthorizeFirst } from '../../common/auth/authorize-first';
import { UuidParam } from '../../common/uuid-param.pipe';
import { Answers } from '../../openapi/responses';
import type { Session } from '../auth/session.store';
import { BulkModerationService } from './bulk-moderation.service';
import { BulkModerationDto } from './dto/bulk-moderation.dto';
import { ModerationKeywordsDto } from './dto/moderation-keywords.dto';
import { ModerationKeywordsService } from './moderation-keywords.service';

const HOSTS = [Role.Owner, Role.ServiceProvider, Role.Customer];

/** Moderation at speed (issue #27): decisions on a selection, and the event's keyword list. */
@ApiTags('memories')
@Controller('events/:eventId')
export class ModerationController {
  constructor(
    private readonly bulk: BulkModerationService,
    private readonly keywords: ModerationKeywordsService,
  ) {}

  @Post('memories/bulk')
  @HttpCode(200)
  @Roles(...HOSTS)
  @AuthorizeFirst(BulkModerationService, 'eventId', (bulk, session, id) => bulk.authorize(session, id))
  @ApiOperation({
    summary:
      "Approve, flag or reject a selection of the event's memories (each announced as the single action; those refused are listed with why)",
  })
  @Answers(200, 'BulkModerationResponse')
  decide(
    @CurrentSession() session: Session,
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Body() dto: BulkModerationDto,
  ) {
    return this.bulk.decide(session, eventId, dto);
  }

  @Put('keywords')
  @Roles(...HOSTS)
  @AuthorizeFirst(ModerationKeywordsService, 'eventId', (keywords, session, id) => keywords.authorize(session, id))
  @ApiOperation({
    summary: "Replace the event's keyword list: a guest's memory containing one is held for a host, before AI",
  })
  @Answers(200, 'ModerationKeywordsResponse')
  async replaceKeywords(
    @CurrentSession() session: Session,
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Body() dto: ModerationKeywordsDto,
  ) {
    return { success: true, keywords: await this.keywords.replace(session, eventId, dto.keywords) };
  }
}
