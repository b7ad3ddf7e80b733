import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QueueName } from '@memory-wall/contracts';
import { AppConfig, ConfigModule, DatabaseModule, Event, LivePublisher, Memory, MemoryQueue, RedisKeys, RedisModule } from '@memory-wall/core';
import { OutboxSweeper } from './outbox/outbox-sweeper';
import { MemoryProcessor } from './processors/memory.processor';

@Module({})
export class WorkersModule {
  static forRoot(config: AppConfig): DynamicModule {
    const keys = new RedisKeys(config.REDIS_PREFIX);
    return {
      module: WorkersModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        RedisModule,
        TypeOrmModule.forFeature([Memory, Event]),
        BullModule.forRoot({
          prefix: keys.queuePrefix,
          // Workers block on Redis; they must wait for it, not fail fast.
          connection: { url: config.REDIS_URL, maxRetriesPerRequest: null },
        }),
        BullModule.registerQueue({ name: QueueName.Memories }),
      ],
      providers: [MemoryProcessor, LivePublisher, MemoryQueue, OutboxSweeper],
    };
  }
}
