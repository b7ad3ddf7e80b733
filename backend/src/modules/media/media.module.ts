import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Memory, MEMORY_REPOSITORY_PROVIDER } from '@memory-wall/core';
import { EventsModule } from '../events/events.module';
import { MediaController } from './media.controller';

@Module({
  imports: [TypeOrmModule.forFeature([Memory]), EventsModule],
  controllers: [MediaController],
  providers: [MEMORY_REPOSITORY_PROVIDER],
})
export class MediaModule {}
