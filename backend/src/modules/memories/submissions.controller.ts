import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  MemoryMessages,
  PHOTO_MAX_BYTES,
  SUBMISSION_ID_HEADER,
  SubmissionResponse,
  VOICE_MAX_BYTES,
} from '@memory-wall/contracts';
import { SubmissionId } from './submission-id.param';
import { CurrentSession, Public } from '../../common/auth/auth.decorators';
import { BodyLimit } from '../../common/request-limits';
import { UuidParam } from '../../common/uuid-param.pipe';
import type { Session } from '../auth/session.store';
import { receiveFile } from '../uploads/upload-file';
import { CreateMessageSubmissionDto } from './dto/create-message-submission.dto';
import { DrawingSubmissionDto, PhotoSubmissionForm, VoiceSubmissionForm } from './dto/image-submission.dto';
import { SubmissionThrottle } from './submission-throttle';
import { SubmissionsService } from './submissions.service';
import { Answers, Refuses } from '../../openapi/responses';

/** Guests leave memories without an account; the event must be live. A retry of a named submission is stored once. */
@ApiTags('memories')
@ApiHeader({
  name: SUBMISSION_ID_HEADER,
  required: false,
  description: 'A UUID made by the client per memory and sent again with each retry of it',
})
@Refuses(409, 429)
@Controller('events/:eventId/submissions')
@Public()
export class SubmissionsController {
  constructor(
    private readonly submissions: SubmissionsService,
    private readonly throttle: SubmissionThrottle,
  ) {}

  @Post('message')
  @HttpCode(201)
  @ApiOperation({ summary: 'Leave a message' })
  @Answers(201, 'SubmissionResponse', 'Stored (or, for a repeated submission id, the memory stored before)')
  async message(
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Body() dto: CreateMessageSubmissionDto,
    @Req() request: FastifyRequest,
    @SubmissionId() submissionId: string | undefined,
    @CurrentSession() session?: Session,
  ): Promise<SubmissionResponse> {
    await this.throttle.consume(request.ip, eventId);
    return this.submissions.submitMessage(eventId, dto, session, submissionId);
  }

  @Post('photo')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary:
      "Leave a photo: multipart 'photo' (JPEG, PNG, GIF or WebP by content, at most 10 MB), 'name', optional 'photoCaption' and 'title'",
  })
  @ApiBody({ type: PhotoSubmissionForm })
  @Answers(201, 'SubmissionResponse', 'Stored (or, for a repeated submission id, the memory stored before)')
  async photo(
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Req() request: FastifyRequest,
    @SubmissionId() submissionId: string | undefined,
    @CurrentSession() session?: Session,
  ) {
    await this.submissions.assertAccepting(eventId);
    await this.throttle.consume(request.ip, eventId);
    const file = await receiveFile(request, 'photo', PHOTO_MAX_BYTES, {
      missing: MemoryMessages.photoRequired,
      tooLarge: MemoryMessages.fileTooLarge,
    });
    try {
      return await this.submissions.submitPhoto(eventId, file, session, submissionId);
    } finally {
      await file.discard();
    }
  }

  /**
   * A voice message is one multipart request, not a resumable upload: two minutes of a browser's recording
   * are one or two megabytes, which a phone sends again whole (with the same submission id) after a drop.
   */
  @Post('voice')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary:
      "Leave a voice message: multipart 'voice' (a recording of at most 2 minutes and 10 MB), 'name', optional 'title'",
  })
  @ApiBody({ type: VoiceSubmissionForm })
  @Answers(201, 'SubmissionResponse', 'Stored (or, for a repeated submission id, the memory stored before)')
  async voice(
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Req() request: FastifyRequest,
    @SubmissionId() submissionId: string | undefined,
    @CurrentSession() session?: Session,
  ): Promise<SubmissionResponse> {
    await this.submissions.assertAcceptingVoice(eventId);
    await this.throttle.consume(request.ip, eventId);
    const file = await receiveFile(request, 'voice', VOICE_MAX_BYTES, {
      missing: MemoryMessages.voiceRequired,
      tooLarge: MemoryMessages.fileTooLarge,
    });
    try {
      return await this.submissions.submitVoice(eventId, file, session, submissionId);
    } finally {
      await file.discard();
    }
  }

  @Post('drawing')
  @HttpCode(201)
  // A PNG data URL of DRAWING_MAX_BYTES is 2.7 MB of base64; a larger image gets the service's own answer.
  @BodyLimit(3 * 1024 * 1024)
  @ApiOperation({ summary: 'Leave a drawing: a PNG data URL in `content`, with `name`' })
  @Answers(201, 'SubmissionResponse', 'Stored (or, for a repeated submission id, the memory stored before)')
  async drawing(
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Body() dto: DrawingSubmissionDto,
    @SubmissionId() submissionId: string | undefined,
    @CurrentSession() session?: Session,
  ): Promise<SubmissionResponse> {
    // Counted against SUBMISSIONS_PER_MINUTE before its body was read (drawing-throttle.http.ts).
    return this.submissions.submitDrawing(eventId, dto, session, submissionId);
  }
}
