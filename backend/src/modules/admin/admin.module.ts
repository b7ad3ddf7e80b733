import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { UsersModule } from '../users/users.module';
import { AdminBillingController } from './admin-billing.controller';
import { AdminMailController } from './admin-mail.controller';
import { AdminController } from './admin.controller';
import { BillingService } from './billing.service';
import { ProviderOverviewService } from './provider-overview.service';

@Module({
  imports: [UsersModule, CreditsModule],
  controllers: [AdminController, AdminBillingController, AdminMailController],
  providers: [ProviderOverviewService, BillingService],
})
export class AdminModule {}
