import { Module } from '@nestjs/common';
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
  imports: [UsersModule, CreditsModule],
  controllers: [AdminController, AdminBillingController, AdminQueuesController, AdminMailController],
  providers: [ProviderOverviewService, AdminEventsService, BillingService, QueueOverviewService],
})
export class AdminModule {}
