import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig, createRedis, RedisKeys } from '@memory-wall/core';
import { LiveRegistry, LiveRoom, RegistryListener, roomKey } from './live-registry';

/**
 * The fan-out across API instances: subscribes to a room's Redis channel while this instance has a
 * viewer in that room, and hands every message, as received, to the room's local sockets.
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
      const room = this.keys.parseLiveChannel(channel.toString());
      if (room) this.registry.broadcast(roomKey(room), message);
    });
  }

  private channelOf(room: LiveRoom) {
    return room.hosts ? this.keys.hostLiveChannel(room.eventId) : this.keys.liveChannel(room.eventId);
  }

  onFirstViewer(room: LiveRoom) {
    this.subscriber.subscribe(this.channelOf(room)).catch((err: Error) => {
      this.logger.error(`subscribe ${roomKey(room)}: ${err.message}`);
    });
  }

  onLastViewer(room: LiveRoom) {
    this.subscriber.unsubscribe(this.channelOf(room)).catch((err: Error) => {
      this.logger.warn(`unsubscribe ${roomKey(room)}: ${err.message}`);
    });
  }

  async onApplicationShutdown() {
    this.subscriber.disconnect();
  }
}
