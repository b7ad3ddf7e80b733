import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig, createRedis, RedisKeys } from '@memory-wall/core';
import { LiveRegistry, RegistryListener } from './live-registry';

/**
 * The fan-out across API instances: subscribes to an event's Redis channel while this instance has a
 * viewer of that event, and hands every message, as received, to the local sockets.
 */
@Injectable()
export class LiveSubscriber implements RegistryListener, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(LiveSubscriber.name);
  private readonly subscriber: Redis;

  constructor(
    @Inject(AppConfig) config: AppConfig,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
    private readonly registry: LiveRegistry,
  ) {
    // A subscriber must queue its SUBSCRIBEs while reconnecting; ioredis re-subscribes after a reconnect.
    this.subscriber = createRedis(config.REDIS_URL);
    this.subscriber.on('error', (err) => this.logger.warn(`subscriber: ${err.message}`));
  }

  onModuleInit() {
    this.registry.setListener(this);
    this.subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => {
      const eventId = this.keys.eventIdOfChannel(channel.toString());
      if (eventId) this.registry.broadcast(eventId, message);
    });
  }

  onFirstViewer(eventId: string) {
    this.subscriber.subscribe(this.keys.liveChannel(eventId)).catch((err: Error) => {
      this.logger.error(`subscribe ${eventId}: ${err.message}`);
    });
  }

  onLastViewer(eventId: string) {
    this.subscriber.unsubscribe(this.keys.liveChannel(eventId)).catch((err: Error) => {
      this.logger.warn(`unsubscribe ${eventId}: ${err.message}`);
    });
  }

  async onApplicationShutdown() {
    this.subscriber.disconnect();
  }
}
