import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPublicKey, ObjectStorage } from '@memory-wall/core';
import { Public } from '../../common/auth/auth.decorators';

/** Serves processed images. Keys are unique per image, so a browser may keep them for a year. */
@ApiTags('media')
@Controller('media')
export class MediaController {
  constructor(private readonly storage: ObjectStorage) {}

  @Public()
  @Get('public/*')
  @ApiOperation({ summary: 'A processed, public image (originals are never served)' })
  async get(@Req() request: FastifyRequest<{ Params: { '*': string } }>, @Res() reply: FastifyReply) {
    const key = `public/${request.params['*']}`;
    const object = isPublicKey(key) ? await this.storage.get(key) : null;
    if (!object) throw new NotFoundException('Image not found');
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(object.stream);
  }
}
