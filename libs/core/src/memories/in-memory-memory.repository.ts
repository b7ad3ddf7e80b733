import {
  AWAITING_MODERATION,
  DisplayOrder,
  MemoryChange,
  MemoryFilter,
  MemoryMedia,
  matchesFilter,
  matchesPattern,
  nextState,
  ProcessingState,
} from '@memory-wall/contracts';
import { Memory } from '../database/entities/memory.entity';
import {
  MemoryRepository,
  NewMemory,
  StoredSubmission,
  Transitioned,
  WaitingMemory,
  WallState,
} from './memory.repository';

/**
 * MemoryRepository in memory, for unit tests of the processors and services: the same rules as the SQL
 * (the transition guards and list filters of libs/contracts memory-state.ts), no database.
 */
export class InMemoryMemoryRepository extends MemoryRepository {
  readonly rows = new Map<string, Memory>();

  /** Adds a memory as stored: a new submission's defaults, then `fields`. */
  add(fields: Partial<Memory> & Pick<Memory, 'id' | 'eventId'>): Memory {
    const memory = Object.assign(new Memory(), {
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
      processingState: ProcessingState.Processing,
      moderation: null,
      submissionId: null,
      submissionDigest: null,
      createdAt: new Date(),
      updatedAt: new Date(),
      ...fields,
    } satisfies Omit<Memory, 'event'>);
    this.rows.set(memory.id, memory);
    return { ...memory };
  }

  async findById(id: string): Promise<Memory | null> {
    const memory = this.rows.get(id);
    return memory ? { ...memory } : null;
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

  async insert(rows: readonly NewMemory[]): Promise<Set<string>> {
    const stored = new Set<string>();
    for (const row of rows) {
      if (row.submissionId && (await this.findSubmission(row.eventId, row.submissionId))) continue;
      this.add(row);
      stored.add(row.id);
    }
    return stored;
  }

  async list(eventId: string, filter: MemoryFilter, order: DisplayOrder, limit: number): Promise<Memory[]> {
    const direction = order === DisplayOrder.Oldest ? 1 : -1;
    return [...this.rows.values()]
      .filter((m) => m.eventId === eventId && matchesFilter(m, filter))
      .sort((a, b) => direction * (a.createdAt.getTime() - b.createdAt.getTime()))
      .slice(0, limit)
      .map((m) => ({ ...m }));
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

  async attachMedia(id: string, media: MemoryMedia): Promise<boolean> {
    const memory = this.rows.get(id);
    if (!memory || memory.processingState !== ProcessingState.Processing || memory.media) return false;
    Object.assign(memory, { media, content: media.full.url });
    return true;
  }

  async transition(id: string, change: MemoryChange): Promise<Transitioned | null> {
    const memory = this.rows.get(id);
    const after = memory && nextState(memory, change);
    if (!memory || !after) return null;
    const { processingState, approved, flagged, featured, moderation } = memory;
    this.rows.set(id, { ...after, updatedAt: new Date() });
    return { before: { processingState, approved, flagged, featured, moderation }, memory: { ...after } };
  }

  async remove(id: string): Promise<Memory | null> {
    const memory = this.rows.get(id);
    this.rows.delete(id);
    return memory ?? null;
  }
}
