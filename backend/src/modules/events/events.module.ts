import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Event, EventAdmin } from '@memory-wall/core';
import { CreditLedger } from '../credits/credit-ledger';
import { UsersModule } from '../users/users.module';
import { CustomerAccessService } from './customer-access.service';
import { EventAccess } from './event-access';
import { EventLookupThrottle } from './event-lookup-throttle';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

@Module({
  imports: [TypeOrmModule.forFeature([Event, EventAdmin]), UsersModule],
  controllers: [EventsController],
  providers: [EventsService, EventAccess, EventLookupThrottle, CustomerAccessService, CreditLedger],
  exports: [EventsService, EventAccess],
})
export class EventsModule {}
