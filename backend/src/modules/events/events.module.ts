import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Event, EventAdmin } from '@memory-wall/core';
import { EventAccess } from './event-access';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

@Module({
  imports: [TypeOrmModule.forFeature([Event, EventAdmin])],
  controllers: [EventsController],
  providers: [EventsService, EventAccess],
  exports: [EventsService, EventAccess],
})
export class EventsModule {}
