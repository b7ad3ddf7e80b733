import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  CreditLedger,
  Event,
  EVENT_REPOSITORY_PROVIDER,
  EventAdmin,
  EventRepository,
  LivePublisher,
  Memory,
  MEMORY_REPOSITORY_PROVIDER,
} from '@memory-wall/core';
import { RateLimits } from '../../common/rate-limits';
import { KeepsakesModule } from '../keepsakes/keepsakes.module';
import { UsersModule } from '../users/users.module';
import { CustomerAccessService } from './customer-access.service';
import { EventAccess } from './event-access';
import { EventLookupThrottle } from './event-lookup-throttle';
import { EventTransitions } from './event-transitions';
import { EventsController } from './events.controller';
import { HostEventsService } from './host-events.service';
import { PublishedEvents } from './published-events';
import { ScreenControlsService } from './screen-controls.service';

@Module({
  imports: [TypeOrmModule.forFeature([Event, EventAdmin, Memory]), UsersModule, KeepsakesModule],
  controllers: [EventsController],
  providers: [
    EVENT_REPOSITORY_PROVIDER,
    MEMORY_REPOSITORY_PROVIDER,
    PublishedEvents,
    HostEventsService,
    EventTransitions,
    CustomerAccessService,
    EventAccess,
    RateLimits,
    EventLookupThrottle,
    CreditLedger,
    ScreenControlsService,
    LivePublisher,
  ],
  exports: [PublishedEvents, EventAccess, EventRepository],
})
export class EventsModule {}
