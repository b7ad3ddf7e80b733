import { DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig, platformModules } from '@memory-wall/core';
import { ShutdownModule } from './common/shutdown/shutdown.module';
import { LiveModule } from './live/live.module';
import { MediaModule } from './modules/media/media.module';
import { UploadsModule } from './modules/uploads/uploads.module';
import { AdminModule } from './modules/admin/admin.module';
import { AuthModule } from './modules/auth/auth.module';
import { CreditsModule } from './modules/credits/credits.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { SessionModule } from './modules/auth/session.module';
import { UsersModule } from './modules/users/users.module';
import { EventsModule } from './modules/events/events.module';
import { HealthModule } from './modules/health/health.module';
import { MemoriesModule } from './modules/memories/memories.module';
import { SettingsModule } from './modules/settings/settings.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...platformModules(config, logger, 'api'),
        SessionModule,
        ShutdownModule,
        HealthModule,
        AuthModule,
        UsersModule,
        AdminModule,
        CreditsModule,
        PaymentsModule,
        SettingsModule,
        EventsModule,
        MemoriesModule,
        MediaModule,
        UploadsModule,
        LiveModule,
      ],
    };
  }
}
