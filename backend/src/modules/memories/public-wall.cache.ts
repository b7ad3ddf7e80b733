import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS, RedisKeys } from '@memory-wall/core';

const MAX_ENTRIES = 1000;

export interface WallVersion {
  etag: string;
  /** The cached, already-serialised and encoded body for this version, when this instance has it. */
  body?: Buffer;
}

/**
 * The public wall changes exactly when its live feed publishes, so the feed's sequence number is the
 * wall's version: an ETag costs one Redis GET, a 304 no database query, and a 200 is served from the
 * serialised body cached per version. Without Redis, reads fall back to the database uncached.
 */
@Injectable()
export class PublicWallCache {
  private readonly logger = new Logger(PublicWallCache.name);
  private readonly bodies = new Map<string, Buffer>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
  ) {}

  async version(eventId: string, order: string): Promise<WallVersion | null> {
    try {
      const seq = (await this.redis.get(this.keys.liveSequence(eventId))) ?? '0';
      const etag = `W/"${eventId}.${seq}.${order}"`;
      return { etag, body: this.bodies.get(etag) };
    } catch (err) {
      this.logger.warn(`wall version unavailable: ${(err as Error).message}`);
      return null;
    }
  }

  remember(etag: string, body: Buffer) {
    if (this.bodies.size >= MAX_ENTRIES) this.bodies.delete(this.bodies.keys().next().value!);
    this.bodies.set(etag, body);
  }
}
