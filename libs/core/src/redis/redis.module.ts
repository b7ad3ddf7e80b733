import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { RedisKeys } from './redis-keys';

/** The shared Redis connection for commands (not for subscribing, not for BullMQ workers). */
export const REDIS = Symbol('REDIS');
const logger = new Logger('Redis');

export function createRedis(
  url: string,
  options: { failFast?: boolean; name?: string; autoPipelining?: boolean } = {},
) {
  return new Redis(url, {
    connectionName: options.name,
    // A producer must not queue commands while Redis is away: callers fail fast and fall back.
    enableOfflineQueue: !options.failFast,
    maxRetriesPerRequest: options.failFast ? 1 : null,
    enableAutoPipelining: options.autoPipelining ?? false,
    lazyConnect: false,
  });
}

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        // Requests arriving together (wall reads, rate-limit counts) share one write to Redis per event-loop
        // turn instead of one write each. Not for BullMQ's connections.
        const redis = createRedis(config.REDIS_URL, { failFast: true, autoPipelining: true });
        redis.on('error', (err) => logger.warn(`redis: ${err.message}`));
        return redis;
      },
    },
    { provide: RedisKeys, inject: [AppConfig], useFactory: (config: AppConfig) => new RedisKeys(config.REDIS_PREFIX) },
    RedisCloser,
  ],
  exports: [REDIS, RedisKeys],
})
export class RedisModule {}
