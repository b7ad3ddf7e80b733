import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Event } from '@memory-wall/core';
import { EventsModule } from '../events/events.module';
import { FeaturedImageController } from './featured-image.controller';
import { FeaturedImages } from './featured-images.service';

@Module({
  imports: [TypeOrmModule.forFeature([Event]), EventsModule],
  controllers: [FeaturedImageController],
  providers: [FeaturedImages],
})
export class UploadsModule {}
