import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { BooleanText, DISPLAY_ORDERS, DisplayOrder, LIVE_POSITION_HEADER, Role } from '@memory-wall/contracts';
import { toHostMemory } from '@memory-wall/core';
import { CurrentSession, Public, Roles } from '../../common/auth/auth.decorators';
import { AuthorizeFirst } from '../../common/auth/authorize-first';
import { QueryEnum } from '../../common/query-enum.pipe';
import { UuidParam } from '../../common/uuid-param.pipe';
import type { Session } from '../auth/session.store';
import { UpdateMemoryDto } from './dto/update-memory.dto';
import { MemoriesService } from './memories.service';
import { MemoryModerationService } from './memory-moderation.service';
import { sendPublicWall } from './public-wall.http';
import { Answers, Refuses, SESSION_SCHEME } from '../../openapi/responses';

const HOSTS = [Role.Owner, Role.ServiceProvider, Role.Customer];

@ApiTags('memories')
@Controller()
export class MemoriesController {
  constructor(
    private readonly memories: MemoriesService,
    private readonly moderation: MemoryModerationService,
  ) {}

  @Public()
  @Get('events/:eventId/memories')
  @ApiOperation({
    summary:
      "An event's memories: for its hosts every memory, filtered by approved / flagged; for anyone else the public wall (ETag, 304)",
  })
  @ApiQuery({ name: 'order', required: false, enum: DISPLAY_ORDERS, description: 'Default newest' })
  @ApiQuery({
    name: 'approved',
    required: false,
    enum: BooleanText,
    description: 'Hosts only: public callers always get approved memories',
  })
  @ApiQuery({ name: 'flagged', required: false, enum: BooleanText, description: 'Hosts only' })
  @ApiCookieAuth(SESSION_SCHEME)
  @Answers(200, 'EventMemoriesResponse', "The public wall, or every memory for the event's hosts")
  @ApiResponse({ status: 304, description: 'The public wall has not changed since the If-None-Match ETag' })
  async list(
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Query('order', QueryEnum('order', DisplayOrder)) order: DisplayOrder | undefined,
    @Query('approved', QueryEnum('approved', BooleanText)) approved: BooleanText | undefined,
    @Query('flagged', QueryEnum('flagged', BooleanText)) flagged: BooleanText | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
    @CurrentSession() session?: Session,
  ) {
    const hosts = session ? await this.memories.hostList(session, eventId, { order, approved, flagged }) : null;
    if (hosts) {
      if (hosts.position) reply.header(LIVE_POSITION_HEADER, hosts.position);
      return reply.header('cache-control', 'private, no-store').send({ success: true, memories: hosts.memories });
    }

    return sendPublicWall(reply, await this.memories.publicWall(eventId, order, ifNoneMatch));
  }

  @Get('events/:eventId/stats')
  @Roles(...HOSTS)
  @ApiOperation({ summary: "The event's memories counted: in all, approved, pending, flagged, contributors, per type" })
  @Answers(200, 'EventStatsResponse')
  async stats(@CurrentSession() session: Session, @Param('eventId', UuidParam('event id')) eventId: string) {
    return { success: true, stats: await this.memories.stats(session, eventId) };
  }

  @Get('events/:eventId/submissions/pending')
  @Roles(...HOSTS)
  @ApiOperation({ summary: 'Submissions awaiting approval (and those that failed processing)' })
  @Answers(200, 'HostMemoriesResponse')
  async pending(
    @CurrentSession() session: Session,
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { memories, position } = await this.memories.pending(session, eventId);
    if (position) reply.header(LIVE_POSITION_HEADER, position);
    return { success: true, memories };
  }

  @Post('submissions/:id/approve')
  @HttpCode(200)
  @Roles(...HOSTS)
  @ApiOperation({ summary: 'Approve: the memory goes on the wall' })
  @Answers(200, 'HostMemoryResponse')
  @Refuses(409)
  async approve(@CurrentSession() session: Session, @Param('id', UuidParam('memory id')) id: string) {
    return { success: true, memory: toHostMemory(await this.moderation.approve(session, id)) };
  }

  @Post('submissions/:id/pull-back')
  @HttpCode(200)
  @Roles(...HOSTS)
  @ApiOperation({ summary: "Pull back an approval during the screens' delay: pending again, never on the screens" })
  @Answers(200, 'HostMemoryResponse')
  @Refuses(409)
  async pullBack(@CurrentSession() session: Session, @Param('id', UuidParam('memory id')) id: string) {
    return { success: true, memory: toHostMemory(await this.moderation.pullBack(session, id)) };
  }

  @Delete('submissions/:id')
  @Roles(...HOSTS)
  @ApiOperation({ summary: 'Reject: the submission is deleted' })
  @Answers(200, 'SuccessResponse')
  async reject(@CurrentSession() session: Session, @Param('id', UuidParam('memory id')) id: string) {
    await this.moderation.remove(session, id);
    return { success: true };
  }

  @Patch('memories/:id')
  @Roles(...HOSTS)
  @AuthorizeFirst(MemoryModerationService, 'id', (moderation, session, id) => moderation.moderatable(session, id))
  @ApiOperation({ summary: 'Set approved and/or flagged' })
  @Answers(200, 'HostMemoryResponse')
  @Refuses(409)
  async update(
    @CurrentSession() session: Session,
    @Param('id', UuidParam('memory id')) id: string,
    @Body() dto: UpdateMemoryDto,
  ) {
    return { success: true, memory: toHostMemory(await this.moderation.change(session, id, dto)) };
  }

  @Delete('memories/:id')
  @Roles(...HOSTS)
  @ApiOperation({ summary: 'Remove a memory' })
  @Answers(200, 'SuccessResponse')
  async remove(@CurrentSession() session: Session, @Param('id', UuidParam('memory id')) id: string) {
    await this.moderation.remove(session, id);
    return { success: true };
  }

  @Post('memories/:id/feature')
  @HttpCode(200)
  @Roles(...HOSTS)
  @ApiOperation({ summary: 'Feature or unfeature an approved memory (toggles)' })
  @Answers(200, 'HostMemoryResponse')
  @Refuses(409)
  async feature(@CurrentSession() session: Session, @Param('id', UuidParam('memory id')) id: string) {
    return { success: true, memory: toHostMemory(await this.moderation.toggleFeatured(session, id)) };
  }

  @Post('memories/:id/flag')
  @HttpCode(200)
  @Roles(...HOSTS)
  @ApiOperation({ summary: 'Flag as inappropriate: gone from the wall at once' })
  @Answers(200, 'HostMemoryResponse')
  @Refuses(409)
  async flag(@CurrentSession() session: Session, @Param('id', UuidParam('memory id')) id: string) {
    return { success: true, memory: toHostMemory(await this.moderation.flag(session, id)) };
  }
}
