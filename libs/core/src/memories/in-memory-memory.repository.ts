import {
  AWAITING_MODERATION,
  DisplayOrder,
  EventStats,
  MemoryChange,
  MemoryFilter,
  MemoryMedia,
  MemoryType,
  isOnPublicWall,
  matchesFilter,
  matchesPattern,
  nextState,
  isShownOnScreens,
  ProcessingState,
} from '@memory-wall/contracts';
import { Memory } from '../database/entities/memory.entity';
import {
  countsPerType,
  HeartCount,
  MemoryRepository,
  NewMemory,
  ScreensView,
  StoredSubmission,
  SubmittedMemory,
  Transitioned,
  WaitingMemory,
  WallCursor,
  WallOrder,
  WallState,
} from './memory.repository';
import { toPublicMemory } from './public-memory';
import type { ScreensState } from '../screens/screen-gate';

/**
 * MemoryRepository in memory, for unit tests of the processors and services: the same rules as the SQL
 * (the transition guards and list filters of libs/contracts memory-state.ts), no database.
 */
export class InMemoryMemoryRepository extends MemoryRepository {
  readonly rows = new Map<string, Memory>();

  /** Transactions are not modelled: the same repository. */
  within(): MemoryRepository {
    return this;
  }

  /** Adds a memory as stored: a new submission's defaults, then `fields`. */
  add(fields: Partial<Memory> & Pick<Memory, 'id' | 'eventId'>): Memory {
    const memory = storedMemory(fields);
    this.rows.set(memory.id, memory);
    return { ...memory };
  }

  async findById(id: string): Promise<Memory | null> {
    const memory = this.rows.get(id);
    return memory ? { ...memory } : null;
  }

  async findInEvent(eventId: string, ids: readonly string[]): Promise<Memory[]> {
    return ids.flatMap((id) => {
      const memory = this.rows.get(id);
      return memory?.eventId === eventId ? [{ ...memory }] : [];
    });
  }

  async findWallState(id: string, eventId: string): Promise<WallState | null> {
    const memory = this.rows.get(id);
    return memory?.eventId === eventId
      ? { approved: memory.approved, flagged: memory.flagged, processingState: memory.processingState }
      : null;
  }

  async findSubmission(eventId: string, submissionId: string): Promise<StoredSubmission | null> {
    const memory = [...this.rows.values()].find((m) => m.eventId === eventId && m.submissionId === submissionId);
    return memory ? { id: memory.id, submissionDigest: memory.submissionDigest } : null;
  }

  async findSubmissions(eventId: string, submissionIds: readonly string[]): Promise<SubmittedMemory[]> {
    const wanted = new Set(submissionIds);
    return [...this.rows.values()]
      .filter((m) => m.eventId === eventId && m.submissionId !== null && wanted.has(m.submissionId))
      .map(({ id, approved, flagged, processingState, submissionId }) => ({
        id,
        eventId,
        approved,
        flagged,
        processingState,
        submissionId: submissionId!,
      }));
  }

  async insert(rows: readonly NewMemory[]): Promise<Set<string>> {
    const stored = new Set<string>();
    for (const row of rows) {
      if (row.submissionId && (await this.findSubmission(row.eventId, row.submissionId))) continue;
      this.add(row);
      stored.add(row.id);
    }
    return stored;
  }

  /** Events' screen delays (seconds), which the SQL reads from the events table. */
  readonly screenDelays = new Map<string, number>();

  async list(
    eventId: string,
    filter: MemoryFilter,
    order: DisplayOrder,
    limit: number,
    onScreens?: ScreensView,
  ): Promise<Memory[]> {
    const direction = order === DisplayOrder.Oldest ? 1 : -1;
    const shown = (m: Memory) =>
      !onScreens || isShownOnScreens(m.publicAt ?? null, { heldSince: onScreens.heldSince, comingSoon: false });
    return [...this.rows.values()]
      .filter((m) => m.eventId === eventId && matchesFilter(m, filter) && shown(m))
      .sort((a, b) => direction * (a.createdAt.getTime() - b.createdAt.getTime()))
      .slice(0, limit)
      .map((m) => ({ ...m }));
  }

  /** Events' screen controls, which the SQL reads from the events table. */
  readonly screens = new Map<string, ScreensState>();

  async publicWallJson(eventId: string, order: WallOrder, limit: number): Promise<string> {
    const screens = this.screens.get(eventId) ?? { heldSince: null, comingSoon: false };
    if (screens.comingSoon) return '[]';
    const rows = await this.list(eventId, MemoryFilter.Approved, order, limit, screens);
    return JSON.stringify(rows.map(toPublicMemory));
  }

  async stats(eventId: string): Promise<EventStats> {
    const memories = [...this.rows.values()].filter((m) => m.eventId === eventId);
    const count = (filter: MemoryFilter) => memories.filter((m) => matchesFilter(m, filter)).length;
    const perType: Partial<Record<string, number>> = {};
    for (const m of memories) perType[m.type] = (perType[m.type] ?? 0) + 1;
    const names = memories.map((m) => m.author.trim().toLowerCase()).filter((name) => name !== '');
    return {
      contributions: memories.length,
      approved: count(MemoryFilter.Approved),
      pending: count(MemoryFilter.Pending),
      flagged: count(MemoryFilter.Flagged),
      contributors: new Set(names).size,
      byType: countsPerType(perType),
    };
  }

  async countPerEvent(eventIds: readonly string[]): Promise<Map<string, number>> {
    return countBy([...this.rows.values()], (m) => (eventIds.includes(m.eventId) ? m.eventId : null));
  }

  /** Events' service providers, which the SQL reads from the events table. */
  readonly eventProviders = new Map<string, string>();

  async countPerProvider(serviceProviderIds: readonly string[]): Promise<Map<string, number>> {
    return countBy([...this.rows.values()], (m) => {
      const provider = this.eventProviders.get(m.eventId);
      return provider && serviceProviderIds.includes(provider) ? provider : null;
    });
  }

  async onWallInOrder(eventId: string, after: WallCursor | null, limit: number): Promise<Memory[]> {
    const key = (m: WallCursor) => [m.createdAt.getTime(), m.id] as const;
    const before = (a: WallCursor, b: WallCursor) => {
      const [ta, ia] = key(a);
      const [tb, ib] = key(b);
      return ta < tb || (ta === tb && ia < ib);
    };
    return [...this.rows.values()]
      .filter((m) => m.eventId === eventId && matchesFilter(m, MemoryFilter.Approved) && (!after || before(after, m)))
      .sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0))
      .slice(0, limit)
      .map((m) => ({ ...m }));
  }

  async countOnWall(eventId: string): Promise<number> {
    return [...this.rows.values()].filter((m) => m.eventId === eventId && matchesFilter(m, MemoryFilter.Approved))
      .length;
  }

  async countAwaitingModeration(eventId: string): Promise<number> {
    return [...this.rows.values()].filter((m) => m.eventId === eventId && matchesPattern(m, AWAITING_MODERATION))
      .length;
  }

  async waiting(storedBefore: Date, limit: number): Promise<WaitingMemory[]> {
    return [...this.rows.values()]
      .filter((m) => m.processingState === ProcessingState.Processing && m.createdAt < storedBefore)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map(({ id, type, media, eventId }) => ({ id, type, media, eventId }));
  }

  async attachMedia(id: string, media: MemoryMedia, content = media.full.url): Promise<boolean> {
    const memory = this.rows.get(id);
    if (!memory || memory.processingState !== ProcessingState.Processing || memory.media) return false;
    Object.assign(memory, { media, content });
    return true;
  }

  async transition(id: string, change: MemoryChange): Promise<Transitioned | null> {
    const memory = this.rows.get(id);
    const after = memory && nextState(memory, change);
    if (!memory || !after) return null;
    const { processingState, approved, flagged, featured, moderation, publicAt } = memory;
    const delayMs = (this.screenDelays.get(memory.eventId) ?? 0) * 1000;
    after.publicAt = !isOnPublicWall(after)
      ? null
      : isOnPublicWall(memory)
        ? (memory.publicAt ?? null)
        : new Date(Date.now() + delayMs);
    this.rows.set(id, { ...after, updatedAt: new Date() });
    return {
      before: { processingState, approved, flagged, featured, moderation, publicAt },
      memory: { ...after },
    };
  }

  /** Devices that hearted each memory. */
  private readonly hearted = new Map<string, Set<string>>();

  async addHeart(eventId: string, memoryId: string, deviceId: string): Promise<HeartCount | null> {
    const memory = this.rows.get(memoryId);
    const reached = (memory?.publicAt ?? memory?.createdAt ?? new Date()) <= new Date();
    if (memory?.eventId !== eventId || !isOnPublicWall(memory) || !reached) return null;
    const devices = this.hearted.get(memoryId) ?? new Set<string>();
    this.hearted.set(memoryId, devices);
    const counted = !devices.has(deviceId);
    if (counted) {
      devices.add(deviceId);
      memory.hearts += 1;
    }
    return { hearts: memory.hearts, counted };
  }

  async remove(id: string): Promise<Memory | null> {
    const memory = this.rows.get(id);
    this.rows.delete(id);
    return memory ?? null;
  }

  async findWithMedia(eventId: string): Promise<Memory[]> {
    return [...this.rows.values()]
      .filter((m) => m.eventId === eventId && m.type !== MemoryType.Message)
      .map((m) => ({ ...m }));
  }

  async removeMedia(eventId: string): Promise<void> {
    for (const memory of this.rows.values())
      if (memory.eventId === eventId && memory.type !== MemoryType.Message)
        Object.assign(memory, { media: null, content: '', updatedAt: new Date() });
  }
}

/** How many of the items each key has (items keyed null are left out). */
function countBy<T>(items: readonly T[], keyOf: (item: T) => string | null): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const key = keyOf(item);
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** A memory as stored (no database): a new submission's defaults, then `fields`. */
export function storedMemory(fields: Partial<Memory> & Pick<Memory, 'id' | 'eventId'>): Memory {
  return Object.assign(new Memory(), {
    type: 'message',
    content: '',
    title: null,
    author: 'Guest',
    approved: false,
    featured: false,
    flagged: false,
    language: 'en',
    photoCaption: null,
    settings: null,
    media: null,
    publicAt: null,
    processingState: ProcessingState.Processing,
    moderation: null,
    submissionId: null,
    submissionDigest: null,
    hearts: 0,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...fields,
  } satisfies Omit<Memory, 'event'>);
}
