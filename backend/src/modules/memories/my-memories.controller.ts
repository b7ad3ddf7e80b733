import { Body, Controller, Delete, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { SUBMISSION_ID_HEADER } from '@memory-wall/contracts';
import { Public } from '../../common/auth/auth.decorators';
import { UuidParam } from '../../common/uuid-param.pipe';
import { Answers, Refuses } from '../../openapi/responses';
import { MyMemoriesDto } from './dto/my-memories.dto';
import { MyMemoriesService } from './my-memories.service';
import { OwnSubmissionId } from './submission-id.param';
import { SubmissionThrottle } from './submission-throttle';

/** A guest's own memories, without an account: the device proves each one by the submission id it sent. */
@ApiTags('memories')
@Controller('events/:eventId/my-memories')
@Public()
export class MyMemoriesController {
  constructor(
    private readonly mine: MyMemoriesService,
    private readonly throttle: SubmissionThrottle,
  ) {}

  // A POST, so that the ids, which are secrets, stay out of URLs and access logs.
  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: "The status of a device's memories, by the submission ids it sent" })
  @Answers(200, 'MyMemoriesResponse')
  async statuses(@Param('eventId', UuidParam('event id')) eventId: string, @Body() dto: MyMemoriesDto) {
    return { success: true, memories: await this.mine.statuses(eventId, dto.submissionIds) };
  }

  @Delete(':memoryId')
  @ApiHeader({ name: SUBMISSION_ID_HEADER, required: true, description: 'The submission id the memory was sent with' })
  @ApiOperation({ summary: 'A guest deletes their own memory: gone from every screen at once' })
  @Answers(200, 'SuccessResponse')
  @Refuses(429)
  async delete(
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Param('memoryId', UuidParam('memory id')) memoryId: string,
    @OwnSubmissionId() submissionId: string,
    @Req() request: FastifyRequest,
  ) {
    await this.throttle.consume(request.ip, eventId);
    await this.mine.delete(eventId, memoryId, submissionId);
    return { success: true };
  }
}
