import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreditLedger, Event, EventAdmin } from '@memory-wall/core';
import { UsersModule } from '../users/users.module';
import { CustomerAccessService } from './customer-access.service';
import { EventAccess } from './event-access';
import { EventLookupThrottle } from './event-lookup-throttle';
import { EventTransitions } from './event-transitions';
import { EventsController } from './events.controller';
import { HostEventsService } from './host-events.service';
import { PublishedEvents } from './published-events';

@Module({
  imports: [TypeOrmModule.forFeature([Event, EventAdmin]), UsersModule],
  controllers: [EventsController],
  providers: [
    PublishedEvents,
    HostEventsService,
    EventTransitions,
    CustomerAccessService,
    EventAccess,
    EventLookupThrottle,
    CreditLedger,
  ],
  exports: [PublishedEvents, EventAccess],
})
export class EventsModule {}
