import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  Event,
  EVENT_REPOSITORY_PROVIDER,
  EventAdmin,
  Keepsake,
  KeepsakeQueue,
  Memory,
  MEMORY_REPOSITORY_PROVIDER,
} from '@memory-wall/core';
import { EventAccess } from '../events/event-access';
import { KeepsakeDownloads } from './keepsake-downloads';
import { KeepsakeRequests } from './keepsake-requests';
import { KeepsakesController } from './keepsakes.controller';

/**
 * Keepsake requests and downloads. The events module imports it (completing an event asks for keepsakes),
 * so it has its own EventAccess (stateless) rather than importing that module back.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Keepsake, Event, EventAdmin, Memory])],
  controllers: [KeepsakesController],
  providers: [
    MEMORY_REPOSITORY_PROVIDER,
    EVENT_REPOSITORY_PROVIDER,
    KeepsakeRequests,
    KeepsakeDownloads,
    KeepsakeQueue,
    EventAccess,
  ],
  exports: [KeepsakeRequests],
})
export class KeepsakesModule {}
