import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig, ConfigModule, DatabaseModule, Event, LivePublisher, Memory, MEMORY_PROVIDERS, MemoryQueue, RedisModule, StorageModule } from '@memory-wall/core';
import { AiModeration } from './adapters/ai-moderation';
import { ImageRenditions } from './media/image-renditions';
import { OutboxSweeper } from './outbox/outbox-sweeper';
import { MediaProcessor } from './processors/media.processor';
import { MemoryProcessor } from './processors/memory.processor';
import { MemoryWorker } from './processors/memory.worker';

@Module({})
export class WorkersModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkersModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, RedisModule, StorageModule, TypeOrmModule.forFeature([Memory, Event])],
      providers: [...MEMORY_PROVIDERS, MemoryProcessor, MediaProcessor, MemoryWorker, ImageRenditions, AiModeration, LivePublisher, MemoryQueue, OutboxSweeper],
    };
  }
}
