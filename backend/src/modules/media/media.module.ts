import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Memory } from '@memory-wall/core';
import { EventsModule } from '../events/events.module';
import { MediaController } from './media.controller';

@Module({ imports: [TypeOrmModule.forFeature([Memory]), EventsModule], controllers: [MediaController] })
export class MediaModule {}
