import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Event, EVENT_REPOSITORY_PROVIDER, ServiceProvider, User } from '@memory-wall/core';
import { CreditsModule } from '../credits/credits.module';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User, ServiceProvider, Event]), CreditsModule],
  controllers: [UsersController],
  providers: [UsersService, EVENT_REPOSITORY_PROVIDER],
  exports: [UsersService],
})
export class UsersModule {}
