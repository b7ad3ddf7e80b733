import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@memory-wall/contracts';
import { CurrentSession, Public, Roles } from '../../common/auth/auth.decorators';
import type { Session } from '../auth/session.store';
import { EventAccess } from './event-access';
import { UuidParam } from '../../common/uuid-param.pipe';
import { EventsService } from './events.service';
import { toPublicEvent } from './public-event';

@ApiTags('events')
@Controller('events')
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly access: EventAccess,
  ) {}

  @Get()
  @Roles(Role.Owner, Role.ServiceProvider, Role.Customer)
  @ApiOperation({ summary: "The caller's events, newest first: all for the owner, own for a provider, administered for a customer" })
  async list(@CurrentSession() session: Session) {
    return { success: true, events: await this.access.listManageable(session) };
  }

  @Public()
  @Get('public/:id')
  @ApiOperation({ summary: 'Public fields of a published event (display, presentation, contribute)' })
  async getPublic(@Param('id', UuidParam('event id')) id: string) {
    return { event: toPublicEvent(await this.events.getPublished(id)) };
  }
}
