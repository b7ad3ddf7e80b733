import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis, { Cluster, RedisOptions } from 'ioredis';
import { AppConfig } from '../config/app-config';
import { RedisKeys } from './redis-keys';

/** The shared Redis connection for commands (not for subscribing, not for BullMQ workers). */
export const REDIS = Symbol('REDIS');
const logger = new Logger('Redis');

/** A connection to the single Redis or to the Redis Cluster: the commands the product uses work on both. */
export type RedisClient = Redis | Cluster;

/** Where Redis is: a Redis Cluster when REDIS_CLUSTER_NODES lists nodes, else the single one at REDIS_URL. */
export type RedisTarget = Pick<AppConfig, 'REDIS_URL' | 'REDIS_CLUSTER_NODES'>;

export interface RedisConnectionOptions {
  /** A producer's connection: commands fail at once while Redis is away, rather than wait in a queue. */
  failFast?: boolean;
  /** The name operators see in CLIENT LIST. */
  name?: string;
  autoPipelining?: boolean;
  /**
   * On a cluster, one subscriber connection per master for sharded pub/sub (SSUBSCRIBE); the cluster
   * client re-subscribes them after a failover.
   */
  shardedSubscribers?: boolean;
}

export const isCluster = (target: RedisTarget) => target.REDIS_CLUSTER_NODES.length > 0;

/**
 * How long a lost connection waits before each attempt to connect again: ioredis's own default, at most
 * 2 s. BullMQ gives the connections it makes its own (e^attempt, up to 20 s), with which workers that lost
 * Redis for more than about 10 s went on waiting for up to 20 s after it came back; theirs is this one too.
 */
export const reconnectDelay = (attempt: number): number => Math.min(attempt * 50, 2000);

function connectionOptions(options: RedisConnectionOptions): RedisOptions {
  return {
    connectionName: options.name,
    retryStrategy: reconnectDelay,
    // A producer must not queue commands while Redis is away: callers fail fast and fall back.
    enableOfflineQueue: !options.failFast,
    maxRetriesPerRequest: options.failFast ? 1 : null,
    enableAutoPipelining: options.autoPipelining ?? false,
    lazyConnect: false,
  };
}

/** A connection to the single Redis at `url`. */
export function createRedis(url: string, options?: RedisConnectionOptions): Redis;
/** A connection to wherever `target` says Redis is: a Cluster client or a single Redis's. */
export function createRedis(target: RedisTarget, options?: RedisConnectionOptions): RedisClient;
export function createRedis(target: string | RedisTarget, options: RedisConnectionOptions = {}): RedisClient {
  if (typeof target === 'string') return new Redis(target, connectionOptions(options));
  if (!isCluster(target)) return new Redis(target.REDIS_URL, connectionOptions(options));
  const { enableOfflineQueue, enableAutoPipelining, lazyConnect, ...redisOptions } = connectionOptions(options);
  return new Cluster(
    target.REDIS_CLUSTER_NODES.map((node) => {
      const [host, port] = node.split(':');
      return { host, port: Number(port) };
    }),
    {
      redisOptions,
      enableOfflineQueue,
      enableAutoPipelining,
      lazyConnect,
      shardedSubscribers: options.shardedSubscribers ?? false,
    },
  );
}

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}
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
        const redis = createRedis(config, { failFast: true, autoPipelining: true });
        redis.on('error', (err: Error) => logger.warn(`redis: ${err.message}`));
        return redis;
      },
    },
    {
      provide: RedisKeys,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new RedisKeys(config.REDIS_PREFIX, isCluster(config)),
    },
    RedisCloser,
  ],
  exports: [REDIS, RedisKeys],
})
export class RedisModule {}
