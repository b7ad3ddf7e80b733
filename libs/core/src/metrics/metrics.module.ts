import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Server } from 'node:http';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { pgPool } from '../database/data-source';
import { REDIS, type RedisClient } from '../redis/redis.module';
import { Metrics } from './metrics';
import { serveMetrics } from './metrics-server';

/** Serves /metrics on METRICS_PORT when it is set, and reads the database pool and Redis at each scrape. */
@Injectable()
class MetricsEndpoint implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: Server;

  constructor(
    private readonly metrics: Metrics,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(getDataSourceToken()) dataSource: DataSource,
    @Inject(REDIS) redis: RedisClient,
  ) {
    const pool = pgPool(dataSource);
    if (pool) metrics.watchDatabasePool(pool);
    metrics.watchRedis('commands', redis);
  }

  async onApplicationBootstrap() {
    if (!this.config.METRICS_PORT) return;
    this.server = await serveMetrics(this.metrics, {
      port: this.config.METRICS_PORT,
      host: this.config.METRICS_HOST,
      token: this.config.METRICS_TOKEN,
    });
    this.logger.log(`metrics on http://${this.config.METRICS_HOST}:${this.config.METRICS_PORT}/metrics`);
  }

  async onApplicationShutdown() {
    if (this.server) await new Promise((done) => this.server!.close(done));
  }
}

/** One Metrics per process, injectable everywhere (API and workers). */
@Global()
@Module({
  providers: [{ provide: Metrics, useFactory: () => new Metrics() }, MetricsEndpoint],
  exports: [Metrics],
})
export class MetricsModule {}
