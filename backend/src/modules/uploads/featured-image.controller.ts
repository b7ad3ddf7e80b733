import { BadRequestException, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { EventMessages, Role } from '@memory-wall/contracts';
import { UnsupportedImageError } from '@memory-wall/core';
import { CurrentSession, Roles } from '../../common/auth/auth.decorators';
import { UuidParam } from '../../common/uuid-param.pipe';
import type { Session } from '../auth/session.store';
import { EventAccess } from '../events/event-access';
import { FeaturedImages } from './featured-images.service';
import { receiveFile } from './upload-file';
import { Answers } from '../../openapi/responses';

export const FEATURED_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

@ApiTags('events')
@Controller('upload')
export class FeaturedImageController {
  constructor(
    private readonly access: EventAccess,
    private readonly images: FeaturedImages,
  ) {}

  @Post('featured-image/:id')
  @HttpCode(200)
  @Roles(Role.Owner, Role.ServiceProvider, Role.Customer)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: "Upload the wall's featured image (multipart field 'image', an image of at most 5 MB)" })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['image'],
      properties: { image: { type: 'string', format: 'binary', description: 'An image of at most 5 MB' } },
    },
  })
  @Answers(200, 'FeaturedImageResponse', 'Stored')
  async upload(
    @CurrentSession() session: Session,
    @Param('id', UuidParam('event id')) id: string,
    @Req() request: FastifyRequest,
  ) {
    await this.access.manageable(session, id, ['canEditTheme']);
    const file = await receiveFile(request, 'image', FEATURED_IMAGE_MAX_BYTES, {
      missing: EventMessages.featuredImageMissing,
      tooLarge: EventMessages.featuredImageTooLarge,
    });
    try {
      return { success: true, imageUrl: await this.images.replace(id, file.path) };
    } catch (err) {
      if (err instanceof UnsupportedImageError) throw new BadRequestException(EventMessages.featuredImageNotImage);
      throw err;
    } finally {
      await file.discard();
    }
  }
}
