import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Event, EVENT_REPOSITORY_PROVIDER, Memory, MEMORY_REPOSITORY_PROVIDER } from '@memory-wall/core';
import { CreditsModule } from '../credits/credits.module';
import { UsersModule } from '../users/users.module';
import { AdminEventsService } from './admin-events.service';
import { AdminBillingController } from './admin-billing.controller';
import { AdminMailController } from './admin-mail.controller';
import { AdminController } from './admin.controller';
import { AdminQueuesController } from './admin-queues.controller';
import { BillingService } from './billing.service';
import { ProviderOverviewService } from './provider-overview.service';
import { QueueOverviewService } from './queue-overview.service';

@Module({
  imports: [TypeOrmModule.forFeature([Event, Memory]), UsersModule, CreditsModule],
  controllers: [AdminController, AdminBillingController, AdminQueuesController, AdminMailController],
  providers: [
    EVENT_REPOSITORY_PROVIDER,
    MEMORY_REPOSITORY_PROVIDER,
    ProviderOverviewService,
    AdminEventsService,
    BillingService,
    QueueOverviewService,
  ],
})
export class AdminModule {}
