import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators';
import { MemoriesResponse, SubmissionResponse } from '@memory-wall/contracts';
import { UuidParam } from '../../common/uuid-param.pipe';
import { CreateMessageSubmissionDto } from './dto/create-message-submission.dto';
import { ListMemoriesQuery } from './dto/list-memories.query';
import { MemoriesService } from './memories.service';

@ApiTags('memories')
@Controller('events/:eventId')
export class MemoriesController {
  constructor(private readonly memories: MemoriesService) {}

  @Public()
  @Post('submissions/message')
  @HttpCode(201)
  @ApiOperation({ summary: 'A guest leaves a message (no account needed); the event must be live' })
  submitMessage(
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Body() dto: CreateMessageSubmissionDto,
  ): Promise<SubmissionResponse> {
    return this.memories.submitMessage(eventId, dto);
  }

  @Public()
  @Get('memories')
  @ApiOperation({ summary: "An event's memories; without a host session, approved ones only" })
  async list(
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Query() query: ListMemoriesQuery,
  ): Promise<MemoriesResponse> {
    return { success: true, memories: await this.memories.listPublic(eventId, query.order) };
  }
}
