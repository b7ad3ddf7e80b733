import { Controller, Head, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentSession, Public } from '../../common/auth/auth.decorators';
import { UuidParam } from '../../common/uuid-param.pipe';
import type { Session } from '../auth/session.store';
import { PublishedEvents } from '../events/published-events';
import { SubmissionThrottle } from './submission-throttle';
import { VideoUploads } from './video-uploads';
import { Answers, RefusesTus } from '../../openapi/responses';

const OFFSET = { 'Upload-Offset': { description: 'Bytes of the upload received so far', schema: { type: 'integer' } } };

/**
 * Video clips, uploaded by the tus protocol (resumable): POST creates an upload, PATCH sends bytes from an
 * offset, HEAD asks how far it got. Every request is authorised here first (the event must be live and
 * take clips; uploads are counted against the submission limit), then answered by tus. GET (reading an
 * upload back) and DELETE are not offered.
 */
@ApiTags('memories')
@ApiHeader({ name: 'Tus-Resumable', required: true, description: '1.0.0' })
@RefusesTus(400, 404, 409, 410, 412, 413, 429)
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
  @ApiHeader({ name: 'Upload-Length', required: true, description: "The clip's size in bytes" })
  @ApiHeader({
    name: 'Upload-Metadata',
    required: true,
    description: 'Comma-separated `key base64(value)` pairs: name, optional photoCaption, title, filename, filetype',
  })
  @ApiResponse({
    status: 201,
    description: "Created, no body: Location is the upload's address for PATCH and HEAD",
    headers: { Location: { description: "The upload's address", schema: { type: 'string' } }, ...OFFSET },
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
  @ApiResponse({
    status: 200,
    description: 'No body: Upload-Offset is how far it got, Upload-Length its size',
    headers: { ...OFFSET, 'Upload-Length': { description: "The clip's size", schema: { type: 'integer' } } },
  })
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
  @ApiHeader({ name: 'Upload-Offset', required: true, description: 'Where these bytes start (HEAD tells)' })
  @ApiConsumes('application/offset+octet-stream')
  @ApiBody({ description: 'The next bytes of the clip', schema: { type: 'string', format: 'binary' } })
  @ApiResponse({ status: 204, description: 'Stored; more to come (Upload-Offset: bytes so far)', headers: OFFSET })
  @Answers(200, 'SubmissionResponse', 'The last bytes: the clip was probed and stored as a memory')
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
