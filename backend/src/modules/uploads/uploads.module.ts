import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Event } from '@memory-wall/core';
import { EventsModule } from '../events/events.module';
import { FeaturedImageController } from './featured-image.controller';

@Module({
  imports: [TypeOrmModule.forFeature([Event]), EventsModule],
  controllers: [FeaturedImageController],
})
export class UploadsModule {}
