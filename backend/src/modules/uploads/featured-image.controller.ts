import { BadRequestException, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Role } from '@memory-wall/contracts';
import { Event, featuredImageKey, inspectImage, mediaUrl, ObjectStorage, renderWebp, UnsupportedImageError } from '@memory-wall/core';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CurrentSession, Roles } from '../../common/auth/auth.decorators';
import { UuidParam } from '../../common/uuid-param.pipe';
import type { Session } from '../auth/session.store';
import { EventAccess } from '../events/event-access';
import { receiveFile } from './upload-file';

export const FEATURED_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const FEATURED_IMAGE_EDGE = 1920;

@ApiTags('events')
@Controller('upload')
export class FeaturedImageController {
  constructor(
    private readonly access: EventAccess,
    private readonly storage: ObjectStorage,
    @InjectRepository(Event) private readonly events: Repository<Event>,
  ) {}

  @Post('featured-image/:id')
  @HttpCode(200)
  @Roles(Role.Owner, Role.ServiceProvider, Role.Customer)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: "Upload the wall's featured image (multipart field 'image', an image of at most 5 MB)" })
  async upload(@CurrentSession() session: Session, @Param('id', UuidParam('event id')) id: string, @Req() request: FastifyRequest) {
    await this.access.manageable(session, id, ['canEditTheme']);
    const file = await receiveFile(request, 'image', FEATURED_IMAGE_MAX_BYTES, {
      missing: 'Please choose an image file',
      tooLarge: 'The image must be at most 5MB',
    });
    try {
      await inspectImage(file.path);
      const image = await renderWebp(file.path, FEATURED_IMAGE_EDGE);
      const key = featuredImageKey(id, randomUUID());
      await this.storage.put(key, image.data, 'image/webp');
      const imageUrl = mediaUrl(key);
      await this.events.update({ id }, { wallImage: imageUrl });
      return { success: true, imageUrl };
    } catch (err) {
      if (err instanceof UnsupportedImageError) throw new BadRequestException('Only image files are allowed');
      throw err;
    } finally {
      await file.discard();
    }
  }
}
