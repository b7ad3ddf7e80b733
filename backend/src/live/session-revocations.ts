import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { SessionRevocation } from '@memory-wall/contracts';
import { AppConfig, createRedis, RedisClient, RedisKeys } from '@memory-wall/core';

/**
 * Sessions that ended on any instance (SessionStore announces them), so that the gateway closes their
 * sockets. Its own subscriber connection: the live feeds' connection comes and goes with their rooms and is
 * re-subscribed on its own terms.
 */
@Injectable()
export class SessionRevocations implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SessionRevocations.name);
  private readonly subscriber: RedisClient;
  private listener?: (revocation: SessionRevocation) => void;

  constructor(
    @Inject(AppConfig) config: AppConfig,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
  ) {
    // Named, so operators can tell this connection apart in CLIENT LIST. Plain pub/sub on a cluster too:
    // a revocation is rare and every instance needs it, and a cluster carries plain messages to every node.
    this.subscriber = createRedis(config, {
      name: `${config.REDIS_PREFIX}-session-revocations-${process.pid}`,
    });
    this.subscriber.on('error', (err: Error) => this.logger.warn(`subscriber: ${err.message}`));
  }

  /** The gateway closes the sockets of sessions that ended. */
  onRevoked(listener: (revocation: SessionRevocation) => void) {
    this.listener = listener;
  }

  onModuleInit() {
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.keys.sessionRevocations) this.listener?.(JSON.parse(message) as SessionRevocation);
    });
    this.subscriber
      .subscribe(this.keys.sessionRevocations)
      .catch((err: Error) => this.logger.error(`subscribe revocations: ${err.message}`));
  }

  onApplicationShutdown() {
    this.subscriber.disconnect();
  }
}
