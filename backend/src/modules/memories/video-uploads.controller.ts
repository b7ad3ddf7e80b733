import { Controller, Head, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentSession, Public } from '../../common/auth/auth.decorators';
import { UuidParam } from '../../common/uuid-param.pipe';
import type { Session } from '../auth/session.store';
import { PublishedEvents } from '../events/published-events';
import { SubmissionThrottle } from './submission-throttle';
import { VideoUploads } from './video-uploads';

/**
 * Video clips, uploaded by the tus protocol (resumable): POST creates an upload, PATCH sends bytes from an
 * offset, HEAD asks how far it got. Every request is authorised here first (the event must be live and
 * take clips; uploads are counted against the submission limit), then answered by tus. GET (reading an
 * upload back) and DELETE are not offered.
 */
@ApiTags('memories')
@ApiHeader({ name: 'Tus-Resumable', required: true, description: '1.0.0' })
@Controller('events/:eventId/submissions/video')
@Public()
export class VideoUploadsController {
  constructor(
    private readonly uploads: VideoUploads,
    private readonly events: PublishedEvents,
    private readonly throttle: SubmissionThrottle,
  ) {}

  @Post()
  @ApiOperation({
    summary:
      "Start a video clip's upload (tus creation): Upload-Length, Upload-Metadata with name, optional photoCaption and title",
  })
  async create(
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentSession() session?: Session,
  ) {
    const maxSeconds = await this.events.videoLimit(eventId);
    await this.throttle.consume(request.ip, eventId);
    await this.pass(request, reply, { eventId, session, maxSeconds });
  }

  @Head(':uploadId')
  @ApiOperation({ summary: "How much of a video clip's upload arrived (tus)" })
  offset(
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Param('uploadId', UuidParam('upload id')) _uploadId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentSession() session?: Session,
  ) {
    return this.authorisedPass(eventId, request, reply, session);
  }

  @Patch(':uploadId')
  @ApiOperation({
    summary: "Send a video clip's bytes from Upload-Offset (tus); the last one answers the submission",
  })
  append(
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Param('uploadId', UuidParam('upload id')) _uploadId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentSession() session?: Session,
  ) {
    return this.authorisedPass(eventId, request, reply, session);
  }

  private async authorisedPass(
    eventId: string,
    request: FastifyRequest,
    reply: FastifyReply,
    session: Session | undefined,
  ) {
    const maxSeconds = await this.events.videoLimit(eventId);
    await this.pass(request, reply, { eventId, session, maxSeconds });
  }

  /** tus answers on the raw response: Fastify is told it no longer owns it. */
  private async pass(
    request: FastifyRequest,
    reply: FastifyReply,
    context: Parameters<VideoUploads['handle']>[2],
  ): Promise<void> {
    reply.hijack();
    await this.uploads.handle(request.raw, reply.raw, context);
  }
}
