import { Injectable, OnModuleInit } from '@nestjs/common';
import {
  BooleanText,
  DisplayOrder,
  EventStats,
  formatLivePosition,
  HostMemory,
  LiveFeed,
  LiveMessage,
  MemoryFilter,
  PublicMemory,
} from '@memory-wall/contracts';
import {
  MemoryRepository,
  Metrics,
  ScreenGate,
  ScreensView,
  toHostMemory,
  toPublicMemory,
  WallOrder,
} from '@memory-wall/core';
import { LiveSubscriber } from '../../live/live-subscriber';
import { PublicWallCache, WallBody, wallEtag } from './public-wall.cache';
import type { Session } from '../auth/session.store';
import { EventAccess } from '../events/event-access';
import { PublishedEvents } from '../events/published-events';
import { ListMemoriesQuery } from './dto/list-memories.query';
import { patchWallBody } from './wall-patch';

/** Spec §9: a presentation shows at most 500 memories. */
export const WALL_LIMIT = 500;

/** A wall body up to its memories' array: `{"success":true,"memories":`, as JSON.stringify writes it. */
const WALL_HEAD = JSON.stringify({ success: true, memories: [] }).slice(0, -3);

/** The orders whose bodies are cached and versioned (a random one is new on every read). */
const CACHED_ORDERS: readonly WallOrder[] = [DisplayOrder.Newest, DisplayOrder.Oldest];

@Injectable()
export class MemoriesService implements OnModuleInit {
  constructor(
    private readonly memories: MemoryRepository,
    private readonly events: PublishedEvents,
    private readonly access: EventAccess,
    private readonly wallCache: PublicWallCache,
    private readonly live: LiveSubscriber,
    private readonly screens: ScreenGate,
    private readonly metrics: Metrics,
  ) {}

  /** The cached walls follow their feeds: a heart moves a body on in memory (PublicWallCache.advance). */
  onModuleInit() {
    this.live.onDelivery((room, seq, message) => {
      if (room.hosts || !this.wallCache.holds(room.eventId, seq - 1, CACHED_ORDERS)) return;
      const change = parseFeedMessage(message);
      this.wallCache.advance(room.eventId, seq, CACHED_ORDERS, (body) => change && patchWallBody(body, change));
    });
  }

  /**
   * The event's moderators see every memory, filtered as asked (approved / pending / flagged). A host
   * who may not moderate (canModerate: false) sees only what the public wall shows, whatever it asks.
   */
  async hostList(session: Session, eventId: string, query: ListMemoriesQuery): Promise<HostList | null> {
    if (!(await this.access.canManage(session, eventId))) return null;
    const moderator = await this.access.canModerate(session, eventId);
    const position = await this.feedPosition(eventId, moderator);
    const filter = moderator ? hostFilter(query) : MemoryFilter.Approved;
    return { memories: (await this.find(eventId, filter, query.order)).map(toHostMemory), position };
  }

  /** The event's memories counted, for any of its hosts (counts reveal no content). */
  async stats(session: Session, eventId: string): Promise<EventStats> {
    await this.access.manageable(session, eventId);
    return this.memories.stats(eventId);
  }

  /** The position of the feed a list follows (the hosts' feed for moderators): read before the list. */
  private async feedPosition(eventId: string, hosts = true) {
    const seq = await this.live.currentPosition({ eventId, hosts });
    return seq === null ? undefined : formatLivePosition(hosts ? LiveFeed.Hosts : LiveFeed.Public, seq);
  }

  /**
   * Anyone else sees the public wall of a published event: approved, unflagged memories only, whatever
   * they ask. Answered as a serialised body with its tag, or 'not modified' for a matching tag.
   */
  async publicWall(
    eventId: string,
    order: DisplayOrder = DisplayOrder.Newest,
    ifNoneMatch?: string,
  ): Promise<PublicWall> {
    await this.events.assertPublished(eventId);
    const version = await this.live.currentPosition(publicRoom(eventId));
    // A random order is new on every read: never cached, never tagged.
    if (order === DisplayOrder.Random)
      return { body: await this.wallBody(eventId, order), position: wallPosition(version) };
    const cached = version === null ? undefined : this.fromCache(eventId, version, order, ifNoneMatch);
    if (cached) return cached;
    const build = () => this.wallBody(eventId, order);
    const wall =
      version === null
        ? await build().then((body) => ({ body, etag: wallEtag(order, body) }))
        : await this.wallCache.obtain(eventId, version, order, build);
    if (version !== null) this.live.watch(publicRoom(eventId));
    return answer(wall, ifNoneMatch, wallPosition(version));
  }

  /**
   * The public wall from this instance's memory alone, without I/O: when the instance follows the wall's
   * feed (publicWall starts that on a wall's first read) and holds the body of its current version.
   * Such a wall passed assertPublished when it was built, and a published event stays published.
   */
  cachedPublicWall(eventId: string, order: DisplayOrder, ifNoneMatch: string | undefined): PublicWall | undefined {
    if (order === DisplayOrder.Random) return undefined;
    const version = this.live.position(publicRoom(eventId));
    return version === undefined ? undefined : this.fromCache(eventId, version, order, ifNoneMatch);
  }

  /**
   * The answer from the body cached for this version, if any. A wall read: its feed is followed, so that
   * its next reads need neither Redis nor Nest's pipeline (cachedPublicWall), and its cached bodies move on
   * with the feed where they can (onModuleInit).
   */
  private fromCache(
    eventId: string,
    version: number,
    order: DisplayOrder,
    ifNoneMatch: string | undefined,
  ): PublicWall | undefined {
    const wall = this.wallCache.get(eventId, version, order);
    if (!wall) return undefined;
    this.live.watch(publicRoom(eventId));
    return answer(wall, ifNoneMatch, wallPosition(version));
  }

  /**
   * Encoded once: every later read of this version sends the same bytes. What the screens show now (the
   * host's controls, libs/contracts screens.ts): nothing before the wall is revealed, nothing still in its
   * delay, and while held nothing that reached the wall after the hold began. Each change of those (a
   * release, a reveal, a memory's delay passing) is announced on the public feed, so it is a new version.
   * In order, the database writes the memories' JSON itself in one statement (publicWallJson); a random
   * order is shuffled here, from the newest.
   */
  private async wallBody(eventId: string, order: DisplayOrder): Promise<Buffer> {
    this.metrics.wallBuilds.inc();
    if (order !== DisplayOrder.Random)
      return Buffer.from(`${WALL_HEAD}${await this.memories.publicWallJson(eventId, order, WALL_LIMIT)}}`);
    const screens = await this.screens.state(eventId);
    const rows = screens.comingSoon
      ? []
      : await this.find(eventId, MemoryFilter.Approved, order, { heldSince: screens.heldSince });
    const memories: PublicMemory[] = rows.map(toPublicMemory);
    return Buffer.from(JSON.stringify({ success: true, memories }));
  }

  /** Submissions awaiting a decision (and those that failed processing, for moderators to see). */
  async pending(session: Session, eventId: string): Promise<HostList> {
    await this.access.manageable(session, eventId, ['canModerate']);
    const position = await this.feedPosition(eventId);
    const rows = await this.find(eventId, MemoryFilter.Pending, DisplayOrder.Newest);
    return { memories: rows.map(toHostMemory), position };
  }

  private async find(
    eventId: string,
    filter: MemoryFilter,
    order: DisplayOrder = DisplayOrder.Newest,
    onScreens?: ScreensView,
  ) {
    const rows = await this.memories.list(eventId, filter, order, WALL_LIMIT, onScreens);
    return order === DisplayOrder.Random ? shuffle(rows) : rows;
  }
}

/** Lists carry the live feed position they reflect (LIVE_POSITION_HEADER), when Redis told it. */
export type PublicWall = { position?: string } & (
  { notModified: true; etag: string } | { notModified?: false; body: Buffer; etag?: string }
);
export interface HostList {
  memories: HostMemory[];
  position?: string;
}

const publicRoom = (eventId: string) => ({ eventId, hosts: false });

/** A message of a feed, as the publisher wrote it (LivePublisher); undefined if it is not one. */
function parseFeedMessage(message: Buffer): LiveMessage | undefined {
  try {
    return JSON.parse(message.toString()) as LiveMessage;
  } catch {
    return undefined;
  }
}

function wallPosition(version: number | null): string | undefined {
  return version === null ? undefined : formatLivePosition(LiveFeed.Public, version);
}

function answer(wall: WallBody, ifNoneMatch: string | undefined, position: string | undefined): PublicWall {
  return ifNoneMatch === wall.etag
    ? { notModified: true, etag: wall.etag, position }
    : { body: wall.body, etag: wall.etag, position };
}

/** The list a moderator asked for. */
function hostFilter(query: ListMemoriesQuery): MemoryFilter {
  if (query.flagged === BooleanText.True) return MemoryFilter.Flagged;
  if (query.approved === BooleanText.True) return MemoryFilter.Approved;
  if (query.approved === BooleanText.False) return MemoryFilter.Pending;
  return MemoryFilter.All;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}
