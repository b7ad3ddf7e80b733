import { MEMORY_TYPES, type MemoryType } from '@memory-wall/contracts';
import type {
  DisplayOrder,
  EventStats,
  MemoryChange,
  MemoryFilter,
  MemoryMedia,
  MemoryState,
} from '@memory-wall/contracts';
import type { EntityManager } from 'typeorm';
import type { Memory } from '../database/entities/memory.entity';

/** The columns a submission sets, in the order of the INSERT; the rest take their defaults. */
export const NEW_MEMORY_COLUMNS = [
  'id',
  'eventId',
  'type',
  'content',
  'title',
  'photoCaption',
  'author',
  'language',
  'settings',
  'submissionId',
  'submissionDigest',
] as const;
/** Of those, the ones a submission may leave out (stored as NULL). */
type OptionalColumn = 'photoCaption' | 'submissionId' | 'submissionDigest';
export type NewMemory = Pick<Memory, Exclude<(typeof NEW_MEMORY_COLUMNS)[number], OptionalColumn>> &
  Partial<Pick<Memory, OptionalColumn>>;

/** A stored submission, found by the client's id of it. */
export type StoredSubmission = Pick<Memory, 'id' | 'submissionDigest'>;

/** A submitted memory as its guest's device asks for it: which one, and what decides its status. */
export type SubmittedMemory = Pick<Memory, 'id' | 'eventId' | 'approved' | 'flagged' | 'processingState'> & {
  submissionId: string;
};

/** A memory that waits for a job: what the queue needs to know which one. */
export type WaitingMemory = Pick<Memory, 'id' | 'type' | 'media' | 'eventId'>;

/** The screens' view of the wall: held since then, or not held (null). */
export interface ScreensView {
  heldSince: Date | null;
}

/** The orders a wall is built in by the database (random is newest, shuffled by the caller). */
export type WallOrder = Exclude<DisplayOrder, 'random'>;

/** What decides whether a memory is on the public wall. */
export type WallState = Pick<Memory, 'approved' | 'flagged' | 'processingState'>;

/** Where a page of the wall in order ends: its last memory's time and id (ids break ties of time). */
export type WallCursor = Pick<Memory, 'createdAt' | 'id'>;

/** A memory's hearts after a device hearted it; `counted`: false when that device had hearted it before. */
export interface HeartCount {
  hearts: number;
  counted: boolean;
}

/** A transition made: the memory's state just before it (read in the same statement) and the row after. */
export interface Transitioned {
  before: MemoryState;
  memory: Memory;
}

/**
 * Every read and write of memories (the aggregate's one home for SQL): PostgreSQL in TypeOrmMemoryRepository,
 * an in-memory stand-in for unit tests in InMemoryMemoryRepository. A lifecycle change is made only by
 * `transition`, a conditional UPDATE: a memory whose state no longer allows the change (another run, another
 * host got there first) is left as it is.
 */
export abstract class MemoryRepository {
  /** The same reads and writes, made in the caller's transaction. */
  abstract within(tx: EntityManager): MemoryRepository;

  abstract findById(id: string): Promise<Memory | null>;

  /** Those of the ids that are memories of the event (the others are left out). */
  abstract findInEvent(eventId: string, ids: readonly string[]): Promise<Memory[]>;

  /** Whether the event's memory is on the public wall (null: the event has no such memory), read alone. */
  abstract findWallState(id: string, eventId: string): Promise<WallState | null>;

  /** The event's memory stored for this submission id, if any. */
  abstract findSubmission(eventId: string, submissionId: string): Promise<StoredSubmission | null>;

  /** The event's memories stored for these submission ids (the others are left out). */
  abstract findSubmissions(eventId: string, submissionIds: readonly string[]): Promise<SubmittedMemory[]>;

  /**
   * Stores the rows in one statement; a row whose submission id the event already has (a retry, even one in
   * the same statement) is skipped. Answers the ids stored.
   */
  abstract insert(rows: readonly NewMemory[]): Promise<Set<string>>;

  /**
   * The event's memories in a list (newest or oldest first; random is newest, shuffled by the caller); with
   * `onScreens`, only those the screens show now (their delay passed, and before the hold if held).
   */
  abstract list(
    eventId: string,
    filter: MemoryFilter,
    order: DisplayOrder,
    limit: number,
    onScreens?: ScreensView,
  ): Promise<Memory[]>;

  /**
   * The public wall as the screens show it now (ScreensView read from the event's row: nothing while its
   * reveal is pending, nothing still in its delay, nothing after its hold began), newest or oldest first
   * (ties by id), at most `limit`: the JSON array of PublicMemory, the same bytes as JSON.stringify of
   * toPublicMemory's objects. In SQL, one statement that returns the text (a cold wall read's only query),
   * shared by the walls asked for in the same turn of the event loop.
   */
  abstract publicWallJson(eventId: string, order: WallOrder, limit: number): Promise<string>;

  /** The event's memories counted: in all, per list (approved, pending, flagged), contributors and per type. */
  abstract stats(eventId: string): Promise<EventStats>;

  /**
   * The event's memories on the public wall, oldest first, `limit` at a time after `after` (the last one of
   * the previous page): a keepsake reads an event of any size page by page.
   */
  abstract onWallInOrder(eventId: string, after: WallCursor | null, limit: number): Promise<Memory[]>;

  /** How many memories each of the events has (an event without any is left out). */
  abstract countPerEvent(eventIds: readonly string[]): Promise<Map<string, number>>;

  /** How many memories the events of each of the service providers have (one without any is left out). */
  abstract countPerProvider(serviceProviderIds: readonly string[]): Promise<Map<string, number>>;

  /** How many of the event's memories are on the public wall. */
  abstract countOnWall(eventId: string): Promise<number>;

  /** How many of the event's memories await a host's decision (AWAITING_MODERATION). */
  abstract countAwaitingModeration(eventId: string): Promise<number>;

  /** Memories still processing that were stored before `storedBefore`, oldest first. */
  abstract waiting(storedBefore: Date, limit: number): Promise<WaitingMemory[]>;

  /**
   * Records a processing memory's renditions, once, with its content: a voice message's transcript, else
   * the full rendition's address.
   */
  abstract attachMedia(id: string, media: MemoryMedia, content?: string): Promise<boolean>;

  /** Makes the change if the memory's current state allows it (transitionGuard); null otherwise. */
  abstract transition(id: string, change: MemoryChange): Promise<Transitioned | null>;

  /**
   * A device's heart for the event's memory, counted once per device, and only while the memory is public
   * (on the wall and past its screen delay). null: no such public memory.
   */
  abstract addHeart(eventId: string, memoryId: string, deviceId: string): Promise<HeartCount | null>;

  /** Deletes the memory; answers it as it was, or null when it was already gone. */
  abstract remove(id: string): Promise<Memory | null>;

  /** The event's memories that have media: every type but messages. */
  abstract findWithMedia(eventId: string): Promise<Memory[]>;

  /** Empties the media and content of the event's memories that have media (retention; their captions stay). */
  abstract removeMedia(eventId: string): Promise<void>;
}

/** Every memory type, with 0 for those an event has none of. */
export function countsPerType(counts: Partial<Record<string, number>>): Record<MemoryType, number> {
  return Object.fromEntries(MEMORY_TYPES.map((type) => [type, counts[type] ?? 0])) as Record<MemoryType, number>;
}
