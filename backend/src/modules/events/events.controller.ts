import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { UuidParam } from '../../common/uuid-param.pipe';
import { EventsService } from './events.service';
import { toPublicEvent } from './public-event';

@ApiTags('events')
@Controller('events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get('public/:id')
  @ApiOperation({ summary: 'Public fields of a published event (display, presentation, contribute)' })
  async getPublic(@Param('id', UuidParam('event id')) id: string) {
    return { event: toPublicEvent(await this.events.getPublished(id)) };
  }
}
