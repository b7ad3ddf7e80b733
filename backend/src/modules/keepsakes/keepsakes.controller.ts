import { Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KeepsakeMessages, Role } from '@memory-wall/contracts';
import { contentDisposition } from '@memory-wall/core';
import { Roles } from '../../common/auth/auth.decorators';
import { AuthorizeFirst } from '../../common/auth/authorize-first';
import { UuidParam } from '../../common/uuid-param.pipe';
import { Answers, AnswersFile, Refuses } from '../../openapi/responses';
import { EventAccess } from '../events/event-access';
import { KeepsakeDownloads } from './keepsake-downloads';
import { KeepsakeRequests } from './keepsake-requests';

const HOSTS = [Role.Owner, Role.ServiceProvider, Role.Customer];

/** An event's keepsakes, for its hosts only (provider, customer, owner): guests never reach one. */
@ApiTags('keepsakes')
@Controller('events/:id/keepsakes')
export class KeepsakesController {
  constructor(
    private readonly requests: KeepsakeRequests,
    private readonly downloads: KeepsakeDownloads,
  ) {}

  @Get()
  @Roles(...HOSTS)
  @AuthorizeFirst(EventAccess, 'id', (access, session, id) => access.manageable(session, id))
  @ApiOperation({ summary: "The event's keepsakes (archive and memory books): status, progress, size, report" })
  @Answers(200, 'KeepsakesResponse')
  async list(@Param('id', UuidParam('event id')) id: string) {
    return this.requests.state(id);
  }

  @Post()
  @HttpCode(202)
  @Roles(...HOSTS)
  @AuthorizeFirst(EventAccess, 'id', (access, session, id) => access.manageable(session, id))
  @ApiOperation({ summary: 'Build the keepsakes again (once per few minutes per event; progress on the hosts feed)' })
  @Answers(202, 'KeepsakesResponse', 'Accepted: the keepsakes as queued')
  @Refuses(409, 429)
  async build(@Param('id', UuidParam('event id')) id: string) {
    return this.requests.request(id);
  }

  @Post(':keepsakeId/link')
  @Roles(...HOSTS)
  @AuthorizeFirst(EventAccess, 'id', (access, session, id) => access.manageable(session, id))
  @ApiOperation({ summary: 'A short-lived download link of a ready keepsake (it supports HTTP Range)' })
  @Answers(201, 'KeepsakeLink', 'The link and when it expires')
  async link(
    @Param('id', UuidParam('event id')) id: string,
    @Param('keepsakeId', UuidParam('keepsake id')) keepsakeId: string,
  ) {
    return await this.downloads.link(id, keepsakeId);
  }

  @Get(':keepsakeId/download')
  @Roles(...HOSTS)
  @AuthorizeFirst(EventAccess, 'id', (access, session, id) => access.manageable(session, id))
  @ApiOperation({
    summary: "A keepsake's file from local storage, by a link from .../link (Range: a download resumes)",
  })
  @ApiQuery({ name: 'expires', required: true, description: "The link's expiry (Unix seconds)" })
  @ApiQuery({ name: 'signature', required: true, description: "The link's signature" })
  @ApiHeader({ name: 'Range', required: false, description: 'bytes=START-[END]: a part of the file (206)' })
  @AnswersFile(['application/zip', 'application/pdf'])
  @Refuses(410)
  async download(
    @Param('id', UuidParam('event id')) id: string,
    @Param('keepsakeId', UuidParam('keepsake id')) keepsakeId: string,
    @Query('expires') expires: string,
    @Query('signature') signature: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const file = await this.downloads.open(id, keepsakeId, expires, signature);
    const sent = await send(request.raw, file.path, { root: file.root, cacheControl: false, etag: true });
    // A range past the end is the client's to correct (416, with the size); any other failure: no such file.
    if (sent.type === 'error' && sent.statusCode !== 416) throw new NotFoundException(KeepsakeMessages.notFound);
    if (sent.type === 'error') return reply.code(416).headers(sent.headers).send();
    return reply
      .code(sent.statusCode)
      .headers(sent.headers)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition(file.fileName))
      .header('x-content-type-options', 'nosniff')
      .send(sent.stream);
  }
}
