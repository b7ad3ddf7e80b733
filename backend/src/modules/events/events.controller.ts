import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Role } from '@memory-wall/contracts';
import { CurrentSession, Public, Roles } from '../../common/auth/auth.decorators';
import { AuthorizeFirst } from '../../common/auth/authorize-first';
import { UuidParam } from '../../common/uuid-param.pipe';
import type { Session } from '../auth/session.store';
import { CreateEventDto } from './dto/create-event.dto';
import { CustomerAccessDto } from './dto/customer-access.dto';
import { CustomerPermissionsDto } from './dto/customer-permissions.dto';
import { UpdateEventDto } from './dto/update-event.dto';
import { CustomerAccessService } from './customer-access.service';
import { EventAccess } from './event-access';
import { EventLookupThrottle } from './event-lookup-throttle';
import { HostEventsService } from './host-events.service';
import { PublishedEvents } from './published-events';
import { ScreenControlsDto } from './dto/screen-controls.dto';
import { ScreenControlsService } from './screen-controls.service';
import { toPublicEvent } from './public-event';
import { Answers, Refuses } from '../../openapi/responses';

const HOSTS = [Role.Owner, Role.ServiceProvider, Role.Customer];
const MANAGERS = [Role.Owner, Role.ServiceProvider];

@ApiTags('events')
@Controller('events')
export class EventsController {
  constructor(
    private readonly events: HostEventsService,
    private readonly published: PublishedEvents,
    private readonly customerAccess: CustomerAccessService,
    private readonly lookups: EventLookupThrottle,
    private readonly screens: ScreenControlsService,
  ) {}

  @Patch(':id/screens')
  @Roles(...HOSTS)
  @AuthorizeFirst(ScreenControlsService, 'id', (screens, session, id) => screens.authorize(session, id))
  @ApiOperation({
    summary: "The event's screens: hold, reveal mode, delay and named screens' layouts (announced to every screen)",
  })
  @Answers(200, 'ScreenControlsResponse')
  async changeScreens(
    @CurrentSession() session: Session,
    @Param('id', UuidParam('event id')) id: string,
    @Body() dto: ScreenControlsDto,
  ) {
    return { success: true, screens: await this.screens.change(session, id, dto) };
  }

  @Get()
  @Roles(...HOSTS)
  @ApiOperation({
    summary: "The caller's events, newest first: all for the owner, own for a provider, administered for a customer",
  })
  @Answers(200, 'HostEventsResponse')
  async list(@CurrentSession() session: Session) {
    return { success: true, events: await this.events.list(session) };
  }

  @Post()
  @Roles(...MANAGERS)
  @ApiOperation({ summary: 'Create an event (a draft; with customer access it is published and charged at once)' })
  @Answers(201, 'CreateEventResponse', 'Created')
  @Refuses(402, 404, 409)
  async create(@CurrentSession() session: Session, @Body() dto: CreateEventDto) {
    return { success: true, ...(await this.events.create(session, dto)) };
  }

  @Public()
  @Get('public/:id')
  @ApiOperation({ summary: 'Public fields of a published event (display, presentation, contribute)' })
  @Answers(200, 'PublicEventResponse')
  @Refuses(403)
  async getPublic(@Param('id', UuidParam('event id')) id: string) {
    return { event: toPublicEvent(await this.published.getPublished(id)) };
  }

  @Public()
  @Get('by-code/:eventCode')
  @ApiOperation({
    summary: 'A published event by its code, any case (rate-limited per client address, misses more strictly)',
  })
  @Answers(200, 'EventByCodeResponse')
  @Refuses(429)
  async byCode(@Param('eventCode') eventCode: string, @Req() request: FastifyRequest) {
    const event = await this.lookups.lookUp(request.ip, () => this.published.findPublishedBy({ eventCode }));
    return { success: true, event: toPublicEvent(event) };
  }

  @Public()
  @Get('by-slug/:eventSlug')
  @ApiOperation({ summary: 'A published event by its slug (rate-limited per client address, misses more strictly)' })
  @Answers(200, 'PublicEventResponse')
  @Refuses(429)
  async bySlug(@Param('eventSlug') slug: string, @Req() request: FastifyRequest) {
    return {
      event: toPublicEvent(await this.lookups.lookUp(request.ip, () => this.published.findPublishedBy({ slug }))),
    };
  }

  @Get(':id')
  @Roles(...HOSTS)
  @ApiOperation({ summary: 'An event its hosts manage' })
  @Answers(200, 'HostEventResponse')
  async get(@CurrentSession() session: Session, @Param('id', UuidParam('event id')) id: string) {
    return { event: await this.events.get(session, id) };
  }

  @Patch(':id')
  @Roles(...HOSTS)
  @AuthorizeFirst(EventAccess, 'id', (access, session, id) => access.manageable(session, id))
  @ApiOperation({ summary: 'Edit details or wall settings, or { status } to publish (1 credit) or complete' })
  @Answers(200, 'UpdatedEventResponse')
  @Refuses(402, 409)
  async update(
    @CurrentSession() session: Session,
    @Param('id', UuidParam('event id')) id: string,
    @Body() dto: UpdateEventDto,
  ) {
    return { success: true, event: await this.events.update(session, id, dto) };
  }

  @Post(':id/duplicate')
  @Roles(...MANAGERS)
  @ApiOperation({ summary: "A new draft with the event's settings (no memories, customers, code or dates)" })
  @Answers(201, 'CreateEventResponse', 'Created')
  async duplicate(@CurrentSession() session: Session, @Param('id', UuidParam('event id')) id: string) {
    return { success: true, event: await this.events.duplicate(session, id) };
  }

  @Delete(':id')
  @Roles(...MANAGERS)
  @ApiOperation({ summary: 'Delete a draft event' })
  @Answers(200, 'SuccessResponse')
  @Refuses(409)
  async remove(@CurrentSession() session: Session, @Param('id', UuidParam('event id')) id: string) {
    await this.events.remove(session, id);
    return { success: true };
  }

  @Get(':id/customer')
  @Roles(...MANAGERS)
  @ApiOperation({ summary: "The event's customer logins" })
  @Answers(200, 'EventCustomersResponse')
  async customers(@CurrentSession() session: Session, @Param('id', UuidParam('event id')) id: string) {
    return { success: true, customers: await this.customerAccess.listOf(session, id) };
  }

  @Post(':id/customer')
  @HttpCode(201)
  @Roles(...MANAGERS)
  @AuthorizeFirst(EventAccess, 'id', (access, session, id) => access.manageable(session, id))
  @ApiOperation({ summary: 'Add a customer login (publishes a draft and uses 1 credit)' })
  @Answers(201, 'AddCustomerResponse', 'Added: the PIN is in the answer this once')
  @Refuses(402, 409)
  async addCustomer(
    @CurrentSession() session: Session,
    @Param('id', UuidParam('event id')) id: string,
    @Body() dto: CustomerAccessDto,
  ) {
    return { success: true, ...(await this.customerAccess.addToEvent(session, id, dto)) };
  }

  @Patch(':id/customer/:userId')
  @Roles(...MANAGERS)
  @AuthorizeFirst(EventAccess, 'id', (access, session, id) => access.manageable(session, id))
  @ApiOperation({ summary: 'Change what a customer of the event may do (moderate, edit the wall, edit details)' })
  @Answers(200, 'EventCustomerResponse')
  async setCustomerPermissions(
    @CurrentSession() session: Session,
    @Param('id', UuidParam('event id')) id: string,
    @Param('userId', UuidParam('customer id')) userId: string,
    @Body() dto: CustomerPermissionsDto,
  ) {
    return { success: true, customer: await this.customerAccess.setPermissions(session, id, userId, dto) };
  }
}
