import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { createHash } from 'node:crypto';
import { AppConfig, REDIS, RedisKeys } from '@memory-wall/core';

const MAX_ENTRIES = 1000;

/** A public wall as sent: its encoded body and the tag that names those bytes. */
export interface WallBody {
  body: Buffer;
  etag: string;
}

interface CachedWall extends WallBody {
  builtAt: number;
}

/** The tag of a wall body: a digest of its bytes (and its order), so equal walls get equal tags everywhere. */
export function wallEtag(order: string, body: Buffer): string {
  return `W/"${order}.${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
}

/**
 * The public wall changes when its live feed publishes, so the feed's sequence number is the wall's
 * version: a read costs one Redis GET and is answered from the body cached for that version. A cached
 * body is also rebuilt after WALL_CACHE_MAX_AGE_MS, which bounds how long a change that was stored but
 * never announced (the process died, or Redis was lost, in between) stays off the wall. Without Redis,
 * reads fall back to the database uncached.
 */
@Injectable()
export class PublicWallCache {
  private readonly logger = new Logger(PublicWallCache.name);
  private readonly bodies = new Map<string, CachedWall>();
  private readonly maxAgeMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
    @Inject(AppConfig) config: AppConfig,
  ) {
    this.maxAgeMs = config.WALL_CACHE_MAX_AGE_MS;
  }

  /** The current version's cache key, and its body when this instance has it fresh; null without Redis. */
  async version(eventId: string, order: string): Promise<{ key: string; wall?: WallBody } | null> {
    let seq: string;
    try {
      seq = (await this.redis.get(this.keys.liveSequence(eventId))) ?? '0';
    } catch (err) {
      this.logger.warn(`wall version unavailable: ${(err as Error).message}`);
      return null;
    }
    const key = `${eventId}.${seq}.${order}`;
    const cached = this.bodies.get(key);
    return { key, wall: cached && Date.now() - cached.builtAt < this.maxAgeMs ? cached : undefined };
  }

  remember(key: string, order: string, body: Buffer): WallBody {
    if (!this.bodies.has(key) && this.bodies.size >= MAX_ENTRIES) this.bodies.delete(this.bodies.keys().next().value!);
    const wall = { body, etag: wallEtag(order, body), builtAt: Date.now() };
    this.bodies.set(key, wall);
    return wall;
  }
}
