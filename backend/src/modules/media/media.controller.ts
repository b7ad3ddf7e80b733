import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isOnPublicWall } from '@memory-wall/contracts';
import { isPublicKey, MemoryRepository, ObjectStorage, renditionOwner } from '@memory-wall/core';
import { CurrentSession, Public } from '../../common/auth/auth.decorators';
import type { Session } from '../auth/session.store';
import { EventAccess } from '../events/event-access';
import { AnswersImage, SESSION_SCHEME } from '../../openapi/responses';

const IMAGE_NOT_FOUND = 'Image not found';
/** Keys are unique per image, so a published one may be kept by anyone for a year. */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/** An unmoderated image, for the event's moderators only: no cache may keep it, so none can serve it later. */
const MODERATORS_ONLY = 'private, no-store';

/**
 * Serves processed images (originals are never served). A memory's renditions are public once it is on the
 * public wall; before that (pending, held, flagged, failed) only the event's moderators see them, and
 * anyone else gets the same 404 as for an image that does not exist.
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
    const object = cacheControl ? await this.storage.get(key) : null;
    if (!object) throw new NotFoundException(IMAGE_NOT_FOUND);
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('cache-control', cacheControl)
      .header('x-content-type-options', 'nosniff')
      .send(object.stream);
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
