import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Memory, MemoryQueue } from '@memory-wall/core';
import { EventsModule } from '../events/events.module';
import { MemoriesController } from './memories.controller';
import { MemoriesService } from './memories.service';

@Module({
  imports: [TypeOrmModule.forFeature([Memory]), EventsModule],
  controllers: [MemoriesController],
  providers: [MemoriesService, MemoryQueue],
})
export class MemoriesModule {}
