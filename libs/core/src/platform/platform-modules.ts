import type { DynamicModule, Type } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { loggingModule } from '../logging/logging.module';
import { MetricsModule } from '../metrics/metrics.module';
import { RedisModule } from '../redis/redis.module';
import { StorageModule } from '../storage/storage.module';
import { TracedService } from '../tracing/tracing';
import { TracingModule } from '../tracing/tracing.module';

/**
 * What every process (the API, the workers) is built on, wired the same way in each: its validated config,
 * its one pino logger, PostgreSQL, Redis, metrics, tracing under the process's service name, object storage.
 */
export function platformModules(
  config: AppConfig,
  logger: Logger,
  service: TracedService,
): Array<DynamicModule | Type<unknown>> {
  return [
    ConfigModule.forRoot(config),
    loggingModule(logger),
    DatabaseModule,
    RedisModule,
    MetricsModule,
    TracingModule.forRoot(service),
    StorageModule,
  ];
}
