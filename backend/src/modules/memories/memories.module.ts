import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Event, LivePublisher, Memory, MEMORY_PROVIDERS, MemoryQueue } from '@memory-wall/core';
import { LiveModule } from '../../live/live.module';
import { EventsModule } from '../events/events.module';
import { MemoriesController } from './memories.controller';
import { MemoriesService } from './memories.service';
import { MemoryInserts } from './memory-inserts';
import { MemoryModerationService } from './memory-moderation.service';
import { BulkModerationService } from './bulk-moderation.service';
import { ModerationController } from './moderation.controller';
import { ModerationKeywordsService } from './moderation-keywords.service';
import { MyMemoriesController } from './my-memories.controller';
import { MyMemoriesService } from './my-memories.service';
import { PublicWallCache } from './public-wall.cache';
import { HeartThrottle, SubmissionThrottle } from './submission-throttle';
import { HeartsController } from './hearts.controller';
import { HeartsService } from './hearts.service';
import { SubmissionsController } from './submissions.controller';
import { SubmissionsService } from './submissions.service';
import { VideoUploads } from './video-uploads';
import { VideoUploadsController } from './video-uploads.controller';

@Module({
  imports: [TypeOrmModule.forFeature([Memory, Event]), EventsModule, LiveModule],
  controllers: [
    SubmissionsController,
    VideoUploadsController,
    MemoriesController,
    ModerationController,
    MyMemoriesController,
    HeartsController,
  ],
  providers: [
    ...MEMORY_PROVIDERS,
    MemoriesService,
    SubmissionsService,
    MemoryInserts,
    MemoryModerationService,
    BulkModerationService,
    ModerationKeywordsService,
    MyMemoriesService,
    PublicWallCache,
    SubmissionThrottle,
    HeartThrottle,
    HeartsService,
    VideoUploads,
    MemoryQueue,
    LivePublisher,
  ],
})
export class MemoriesModule {}
