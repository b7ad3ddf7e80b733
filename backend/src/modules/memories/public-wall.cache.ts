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
 *
 * A version is built once per instance however many reads ask for it at once (`obtain`): when screens
 * reconnect together (an instance restarted, a venue's network came back) they all refetch the wall of
 * the same version, and each would otherwise run the same query.
 */
@Injectable()
export class PublicWallCache {
  private readonly bodies = new Map<string, CachedWall>();
  /** Builds under way, by key: the reads that arrive meanwhile wait for the same one. */
  private readonly building = new Map<string, Promise<WallBody>>();
  private readonly maxAgeMs: number;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.maxAgeMs = config.WALL_CACHE_MAX_AGE_MS;
  }

  /** The body of this version, when this instance has it fresh. */
  get(eventId: string, version: number, order: string): WallBody | undefined {
    const cached = this.bodies.get(keyOf(eventId, version, order));
    return cached && Date.now() - cached.builtAt < this.maxAgeMs ? cached : undefined;
  }

  /**
   * The body of this version: cached, or built by `build` once for all the reads that ask before it is.
   * Sharing is safe because the version was read before the build started: a read that learnt the same
   * version later gets a body that holds at least that version. A failed build fails its waiters only;
   * the next read tries again.
   */
  obtain(eventId: string, version: number, order: string, build: () => Promise<Buffer>): Promise<WallBody> {
    const cached = this.get(eventId, version, order);
    if (cached) return Promise.resolve(cached);
    const key = keyOf(eventId, version, order);
    let pending = this.building.get(key);
    if (!pending) {
      pending = build()
        .then((body) => this.remember(eventId, version, order, body))
        .finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  private remember(eventId: string, version: number, order: string, body: Buffer): WallBody {
    const key = keyOf(eventId, version, order);
    if (!this.bodies.has(key) && this.bodies.size >= MAX_ENTRIES) this.bodies.delete(this.bodies.keys().next().value!);
    const wall = { body, etag: wallEtag(order, body), builtAt: Date.now() };
    this.bodies.set(key, wall);
    return wall;
  }
}
