import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppConfig } from '@memory-wall/core';

/**
 * What the cached bodies may hold in all, oldest first out: a 50-memory wall is about 20 kB, so a few
 * thousand walls in both orders, each patched in place as its feed moves (advance) rather than rebuilt.
 */
const MAX_BYTES = 128 * 1024 * 1024;

/** A public wall as sent: its encoded body and the tag that names those bytes. */
export interface WallBody {
  body: Buffer;
  etag: string;
}

interface CachedWall extends WallBody {
  /** The feed position the body is for. */
  version: number;
  /** When its content was read from the database (a patched body keeps the time of the body it patched). */
  builtAt: number;
}

/** A wall in one order: the cache holds one body for each, of the last version stored. */
const wallOf = (eventId: string, order: string) => `${eventId}.${order}`;

/** The tag of a wall body: a digest of its bytes (and its order), so equal walls get equal tags everywhere. */
export function wallEtag(order: string, body: Buffer): string {
  return `W/"${order}.${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
}

/**
 * The public wall changes when its live feed publishes, so the feed's position is the wall's version, and
 * a read is answered from the body cached for that version. An instance follows the feed of a wall it
 * served lately (LiveSubscriber.watch) or has viewers of, and knows its position from the subscription;
 * otherwise it asks Redis (one GET, see LiveSubscriber.currentPosition). A known position may lag the feed by
 * the messages on their way, which is safe: a body is built after its version was read, so it holds at
 * least that version, and clients compare it with where their socket joined (LIVE_POSITION_HEADER).
 * A cached body is also rebuilt after WALL_CACHE_MAX_AGE_MS, which bounds how long a change that was
 * stored but never announced (the process died, or Redis was lost, in between) stays off the wall.
 * Without Redis, reads fall back to the database uncached.
 *
 * While an instance follows a wall's feed, a message that moves the wall on in a way no message arriving late
 * can undo (a heart, patchWallBody) moves the cached body to the new version in memory: the next read of
 * that version needs no database.
 *
 * A version is built once per instance however many reads ask for it at once (`obtain`): when screens
 * reconnect together (an instance restarted, a venue's network came back) they all refetch the wall of
 * the same version, and each would otherwise run the same query.
 */
@Injectable()
export class PublicWallCache {
  /** By wall (wallOf), oldest stored first. */
  private readonly bodies = new Map<string, CachedWall>();
  private bytes = 0;
  /** Builds under way, by wall and version: the reads that arrive meanwhile wait for the same one. */
  private readonly building = new Map<string, Promise<WallBody>>();
  private readonly maxAgeMs: number;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.maxAgeMs = config.WALL_CACHE_MAX_AGE_MS;
  }

  /** The body of this version, when this instance has it fresh. */
  get(eventId: string, version: number, order: string): WallBody | undefined {
    return this.fresh(eventId, version, order);
  }

  private fresh(eventId: string, version: number, order: string): CachedWall | undefined {
    const cached = this.bodies.get(wallOf(eventId, order));
    return cached?.version === version && Date.now() - cached.builtAt < this.maxAgeMs ? cached : undefined;
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
    const key = `${wallOf(eventId, order)}.${version}`;
    let pending = this.building.get(key);
    if (!pending) {
      pending = build()
        .then((body) => this.remember(eventId, version, order, body))
        .finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  /** Whether this instance holds a body of this version in some order, which a message of the next could move on. */
  holds(eventId: string, version: number, orders: readonly string[]): boolean {
    return orders.some((order) => this.bodies.get(wallOf(eventId, order))?.version === version);
  }

  /**
   * Moves each of `orders`' bodies of `version - 1` to `version` where `patch` can (the message that moved
   * the feed there, see patchWallBody); the rest are built from the database when read. The moved body
   * replaces the one it came from: this instance follows the feed, so no read asks for the older version again.
   */
  advance(eventId: string, version: number, orders: readonly string[], patch: (body: Buffer) => Buffer | undefined) {
    for (const order of orders) {
      const previous = this.fresh(eventId, version - 1, order);
      const body = previous && patch(previous.body);
      if (!body) continue;
      const etag = body === previous.body ? previous.etag : wallEtag(order, body);
      this.store(wallOf(eventId, order), { body, etag, version, builtAt: previous.builtAt });
    }
  }

  private remember(eventId: string, version: number, order: string, body: Buffer): WallBody {
    const wall = { body, etag: wallEtag(order, body), version, builtAt: Date.now() };
    this.store(wallOf(eventId, order), wall);
    return wall;
  }

  /**
   * The last version stored replaces the wall's body, whichever it is: a read learns the wall's position from
   * the feed this instance follows, so it does not ask for an older version once a newer one is built, and a
   * feed that starts over (its Redis was lost) starts over here too.
   */
  private store(wall: string, cached: CachedWall) {
    this.forget(wall);
    for (const [oldest] of this.bodies) {
      if (this.bytes + cached.body.length <= MAX_BYTES) break;
      this.forget(oldest);
    }
    this.bodies.set(wall, cached);
    this.bytes += cached.body.length;
  }

  private forget(wall: string) {
    const cached = this.bodies.get(wall);
    if (!cached) return;
    this.bodies.delete(wall);
    this.bytes -= cached.body.length;
  }
}
