import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreditLedger, Event, EventAdmin, LivePublisher } from '@memory-wall/core';
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
  imports: [TypeOrmModule.forFeature([Event, EventAdmin]), UsersModule, KeepsakesModule],
  controllers: [EventsController],
  providers: [
    PublishedEvents,
    HostEventsService,
    EventTransitions,
    CustomerAccessService,
    EventAccess,
    EventLookupThrottle,
    CreditLedger,
    ScreenControlsService,
    LivePublisher,
  ],
  exports: [PublishedEvents, EventAccess],
})
export class EventsModule {}
