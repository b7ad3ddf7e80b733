import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppConfig } from '@memory-wall/core';

const MAX_ENTRIES = 1000;

/** A public wall as sent: its encoded body and the tag that names those bytes. */
export interface WallBody {
  body: Buffer;
  etag: string;
}

interface CachedWall extends WallBody {
  builtAt: number;
}

const keyOf = (eventId: string, version: number, order: string) => `${eventId}.${version}.${order}`;

/** The tag of a wall body: a digest of its bytes (and its order), so equal walls get equal tags everywhere. */
export function wallEtag(order: string, body: Buffer): string {
  return `W/"${order}.${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
}

/**
 * The public wall changes when its live feed publishes, so the feed's position is the wall's version, and
 * a read is answered from the body cached for that version. An instance follows the feed of a wall it
 * served again lately (LiveSubscriber.watch) or has viewers of, and knows its position from the subscription;
 * otherwise it asks Redis (one GET, see LiveSubscriber.currentPosition). A known position may lag the feed by
 * the messages on their way, which is safe: a body is built after its version was read, so it holds at
 * least that version, and clients compare it with where their socket joined (LIVE_POSITION_HEADER).
 * A cached body is also rebuilt after WALL_CACHE_MAX_AGE_MS, which bounds how long a change that was
 * stored but never announced (the process died, or Redis was lost, in between) stays off the wall.
 * Without Redis, reads fall back to the database uncached.
 */
@Injectable()
export class PublicWallCache {
  private readonly bodies = new Map<string, CachedWall>();
  private readonly maxAgeMs: number;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.maxAgeMs = config.WALL_CACHE_MAX_AGE_MS;
  }

  /** The body of this version, when this instance has it fresh. */
  get(eventId: string, version: number, order: string): WallBody | undefined {
    const cached = this.bodies.get(keyOf(eventId, version, order));
    return cached && Date.now() - cached.builtAt < this.maxAgeMs ? cached : undefined;
  }

  remember(eventId: string, version: number, order: string, body: Buffer): WallBody {
    const key = keyOf(eventId, version, order);
    if (!this.bodies.has(key) && this.bodies.size >= MAX_ENTRIES) this.bodies.delete(this.bodies.keys().next().value!);
    const wall = { body, etag: wallEtag(order, body), builtAt: Date.now() };
    this.bodies.set(key, wall);
    return wall;
  }
}
