import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { HeartResponse } from '@memory-wall/contracts';
import { Public } from '../../common/auth/auth.decorators';
import { UuidParam } from '../../common/uuid-param.pipe';
import { Answers, Refuses } from '../../openapi/responses';
import { HeartDto } from './dto/heart.dto';
import { HeartsService } from './hearts.service';
import { HeartThrottle } from './submission-throttle';

/** Guests heart the public wall's memories without an account, once per device. */
@ApiTags('memories')
@Controller('events/:eventId/memories/:memoryId/hearts')
@Public()
export class HeartsController {
  constructor(
    private readonly hearts: HeartsService,
    private readonly throttle: HeartThrottle,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: "Heart a memory on the public wall: counted once per device (the body's deviceId)" })
  @Answers(200, 'HeartResponse', "The memory's hearts; counted: false when this device had hearted it before")
  @Refuses(404, 429)
  async heart(
    @Param('eventId', UuidParam('event id')) eventId: string,
    @Param('memoryId', UuidParam('memory id')) memoryId: string,
    @Body() dto: HeartDto,
    @Req() request: FastifyRequest,
  ): Promise<HeartResponse> {
    await this.throttle.consume(request.ip, eventId);
    const { hearts, counted } = await this.hearts.heart(eventId, memoryId, dto.deviceId);
    return { success: true, memoryId, hearts, counted };
  }
}
