import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isOnPublicWall } from '@memory-wall/contracts';
import { IMMUTABLE_CACHE, isPublicKey, MemoryRepository, ObjectStorage, renditionOwner } from '@memory-wall/core';
import { CurrentSession, Public } from '../../common/auth/auth.decorators';
import type { Session } from '../auth/session.store';
import { EventAccess } from '../events/event-access';
import { AnswersImage, SESSION_SCHEME } from '../../openapi/responses';

const IMAGE_NOT_FOUND = 'Image not found';
/** Keys are unique per image, so a published one may be kept by anyone for a year. */
const PUBLIC_CACHE = IMMUTABLE_CACHE;
/**
 * A cached redirect to a presigned URL is followed later: it must expire this long before its URL does, so
 * the image's own request still finds the URL valid.
 */
const PRESIGNED_MARGIN_S = 60;
/** An unmoderated image, for the event's moderators only: no cache may keep it, so none can serve it later. */
const MODERATORS_ONLY = 'private, no-store';

/**
 * Serves processed images (originals are never served). A memory's renditions are public once it is on the
 * public wall; before that (pending, held, flagged, failed) only the event's moderators see them, and
 * anyone else gets the same 404 as for an image that does not exist.
 *
 * With S3, a public image is not streamed: the answer is a redirect to the CDN (MEDIA_PUBLIC_BASE_URL) or to a
 * short-lived presigned URL of the bucket, cached no longer than that URL lives. Moderators' images are
 * still streamed, never cached: no URL that works without the session ever exists for them.
 */
@ApiTags('media')
@Controller('media')
export class MediaController {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly access: EventAccess,
    private readonly memories: MemoryRepository,
  ) {}

  @Public()
  @Get('public/*')
  @ApiOperation({
    summary:
      "A processed image: public once approved, before that the event's moderators' only (originals are never served)",
  })
  @ApiCookieAuth(SESSION_SCHEME)
  @ApiParam({ name: 'path', description: 'The image key after public/ (it has slashes)', type: String })
  @AnswersImage()
  async get(
    @Req() request: FastifyRequest<{ Params: { '*': string } }>,
    @Res() reply: FastifyReply,
    @CurrentSession() session?: Session,
  ) {
    const key = `public/${request.params['*']}`;
    if (!isPublicKey(key)) throw new NotFoundException(IMAGE_NOT_FOUND);
    const cacheControl = await this.cacheControlFor(key, session);
    if (cacheControl === PUBLIC_CACHE) {
      const location = await this.storage.publicLocation(key);
      if (location) return this.redirect(reply, location.url, location.validUntil);
    }
    const object = cacheControl ? await this.storage.get(key) : null;
    if (!object) throw new NotFoundException(IMAGE_NOT_FOUND);
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('cache-control', cacheControl)
      .header('x-content-type-options', 'nosniff')
      .send(object.stream);
  }

  /** A redirect to the image elsewhere, cached for as long as that address works (a year for a CDN's). */
  private redirect(reply: FastifyReply, url: string, validUntil: number | undefined) {
    const maxAge =
      validUntil === undefined ? null : Math.max(0, Math.floor((validUntil - Date.now()) / 1000) - PRESIGNED_MARGIN_S);
    return reply
      .header('cache-control', maxAge === null ? PUBLIC_CACHE : `public, max-age=${maxAge}`)
      .redirect(url, 302);
  }

  /** How the image may be cached, or null when the caller may not see it. */
  private async cacheControlFor(key: string, session: Session | undefined): Promise<string | null> {
    const owner = renditionOwner(key);
    if (owner === 'none') return PUBLIC_CACHE;
    if (owner === 'unknown') return null;
    const memory = await this.memories.findWallState(owner.memoryId, owner.eventId);
    if (!memory) return null;
    if (isOnPublicWall(memory)) return PUBLIC_CACHE;
    return (await this.access.canModerate(session, owner.eventId)) ? MODERATORS_ONLY : null;
  }
}
