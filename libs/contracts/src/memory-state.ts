import { ProcessingState } from './enums';
import { isInScreenDelay } from './screens';

/**
 * A memory's lifecycle (spec §4 Memory states), as pure rules shared by the server's transitions
 * (libs/core memories/memory-lifecycle.ts) and the live lists of the front end. Browser-safe.
 *
 *   processing ──finish──▶ ready, approved (on the wall) or held for a human (with a reason)
 *   processing ──fail────▶ failed (held, with a reason; only Reject remains)
 *   ready, held for AI that was away ──recheck──▶ approved, or held as flagged by AI
 *   any ──moderate──▶ approved / flagged set by a host (approving needs a ready memory)
 *   on the wall ──feature──▶ featured on or off
 *   approved, still in the screens' delay ──pull back──▶ pending again (it never reaches the screens)
 */

/**
 * Why a memory is held for a human, or failed: a code, stored as such; its text is in the front end's
 * catalogues (heldReasons), so the copy can change without touching stored memories.
 */
export const HeldReason = {
  ManualReview: 'manual_review',
  AiFlagged: 'ai_flagged',
  AiUnavailable: 'ai_unavailable',
  ImageUnreadable: 'image_unreadable',
  /** A video clip ffmpeg could not turn into the wall's MP4 (truncated, no picture, not a video at all). */
  VideoUnreadable: 'video_unreadable',
  /** A voice message ffmpeg could not turn into the wall's M4A (no sound, not a recording at all). */
  VoiceUnreadable: 'voice_unreadable',
  /** The workers gave up after their retries; `detail` holds the last error. */
  ProcessingFailed: 'processing_failed',
  /** A word of the event's keyword list is in the memory's text; `word` holds it (moderation.ts). */
  Keyword: 'keyword',
} as const;
export type HeldReason = (typeof HeldReason)[keyof typeof HeldReason];
export const HELD_REASONS = Object.values(HeldReason);

/** What a memory's moderation column holds: why it is held or failed. */
export interface MemoryModeration {
  reason: HeldReason;
  /** AI moderation's categories, when it flagged the memory. */
  categories?: string[];
  /** What went wrong, when processing failed. */
  detail?: string;
  /** The keyword found, when one of the event's keywords held the memory. */
  word?: string;
}

/** The fields of a memory that its lifecycle reads and writes. */
export interface MemoryState {
  processingState: ProcessingState;
  approved: boolean;
  flagged: boolean;
  featured: boolean;
  moderation: MemoryModeration | null;
  /**
   * When an approved memory reaches the screens (its approval plus the event's delay, screens.ts); set by
   * the transitions that put a memory on the wall, read by the pull-back's guard.
   */
  publicAt?: Date | string | null;
}

/** Whether a memory belongs on the public wall (and in the public feed). */
export const isOnPublicWall = (memory: Pick<MemoryState, 'approved' | 'flagged' | 'processingState'>): boolean =>
  memory.approved && !memory.flagged && memory.processingState === ProcessingState.Ready;

/** What a guest is told of their own memory (memories.ts MyMemory): gone (null) or held as flagged is not shown. */
export const MyMemoryStatus = { Waiting: 'waiting', OnWall: 'on_wall', NotShown: 'not_shown' } as const;
export type MyMemoryStatus = (typeof MyMemoryStatus)[keyof typeof MyMemoryStatus];
export function myMemoryStatus(memory: Pick<MemoryState, 'approved' | 'flagged' | 'processingState'> | null) {
  if (!memory || memory.flagged || memory.processingState === ProcessingState.Failed) return MyMemoryStatus.NotShown;
  return isOnPublicWall(memory) ? MyMemoryStatus.OnWall : MyMemoryStatus.Waiting;
}

/** Held because AI moderation could not be asked: offered to it again later. */
export const isWaitingForAi = (memory: MemoryState): boolean =>
  matchesPattern(memory, transitionGuard({ kind: MemoryTransition.Recheck, approved: false, moderation: null }));

/**
 * Which memories a list holds: approved: on the wall; pending: awaiting a decision (neither approved
 * nor flagged, failed ones included, for moderators to reject); flagged: flagged for review; all: every one.
 */
export const MemoryFilter = { Approved: 'approved', Pending: 'pending', Flagged: 'flagged', All: 'all' } as const;
export type MemoryFilter = (typeof MemoryFilter)[keyof typeof MemoryFilter];

/** A set of states: each field given must have that value (`heldFor`: the moderation's reason). */
export interface StatePattern {
  processingState?: ProcessingState;
  approved?: boolean;
  flagged?: boolean;
  heldFor?: HeldReason;
  /** Approved but still waiting for the screens' delay to pass. */
  inScreenDelay?: true;
}

/** Each filter as the states it holds: the server's queries and the live lists both read this. */
export const FILTER_PATTERNS: Record<MemoryFilter, StatePattern> = {
  approved: { approved: true, flagged: false, processingState: ProcessingState.Ready },
  pending: { approved: false, flagged: false },
  flagged: { flagged: true },
  all: {},
};

/** Processed and neither approved nor flagged: what a host's moderation digest counts. */
export const AWAITING_MODERATION: StatePattern = { ...FILTER_PATTERNS.pending, processingState: ProcessingState.Ready };

export const matchesFilter = (
  memory: Pick<MemoryState, 'approved' | 'flagged' | 'processingState' | 'moderation'>,
  filter: MemoryFilter,
): boolean => matchesPattern(memory, FILTER_PATTERNS[filter]);

export function matchesPattern(
  memory: Pick<MemoryState, 'approved' | 'flagged' | 'processingState' | 'moderation' | 'publicAt'>,
  pattern: StatePattern,
): boolean {
  return (
    (pattern.inScreenDelay === undefined || isInScreenDelay(memory.publicAt ?? null)) &&
    (pattern.processingState === undefined || memory.processingState === pattern.processingState) &&
    (pattern.approved === undefined || memory.approved === pattern.approved) &&
    (pattern.flagged === undefined || memory.flagged === pattern.flagged) &&
    (pattern.heldFor === undefined || memory.moderation?.reason === pattern.heldFor)
  );
}

export const MemoryTransition = {
  Finish: 'finish',
  Fail: 'fail',
  Recheck: 'recheck',
  Moderate: 'moderate',
  Feature: 'feature',
  PullBack: 'pull_back',
} as const;
export type MemoryTransition = (typeof MemoryTransition)[keyof typeof MemoryTransition];

/** One change of a memory's state, with what it sets. */
export type MemoryChange =
  /** The workers' decision on a processed memory. */
  | { kind: typeof MemoryTransition.Finish; approved: boolean; moderation: MemoryModeration | null }
  /** Processing gave up: the memory stays, failed, for moderators to see. */
  | { kind: typeof MemoryTransition.Fail; moderation: MemoryModeration }
  /** AI moderation's late verdict on a memory held while it was away. */
  | { kind: typeof MemoryTransition.Recheck; approved: boolean; moderation: MemoryModeration | null }
  /** A host's decision. */
  | { kind: typeof MemoryTransition.Moderate; approved?: boolean; flagged?: boolean }
  | { kind: typeof MemoryTransition.Feature; featured: boolean }
  /** A host takes back an approval while the memory waits for the screens' delay: it is pending again. */
  | { kind: typeof MemoryTransition.PullBack };

/** The states a change may start from: the WHERE of its conditional UPDATE. */
export function transitionGuard(change: MemoryChange): StatePattern {
  switch (change.kind) {
    case MemoryTransition.Finish:
    case MemoryTransition.Fail:
      return { processingState: ProcessingState.Processing };
    case MemoryTransition.Recheck:
      return {
        processingState: ProcessingState.Ready,
        approved: false,
        flagged: false,
        heldFor: HeldReason.AiUnavailable,
      };
    case MemoryTransition.Moderate:
      // Only a processed memory can be approved: a failed or unprocessed one has nothing to show.
      return change.approved ? { processingState: ProcessingState.Ready } : {};
    case MemoryTransition.Feature:
      return FILTER_PATTERNS.approved;
    case MemoryTransition.PullBack:
      return { ...FILTER_PATTERNS.approved, inScreenDelay: true };
  }
}

export const canChange = (memory: MemoryState, change: MemoryChange): boolean =>
  matchesPattern(memory, transitionGuard(change));

/** The columns a change sets. */
export function transitionUpdate(change: MemoryChange): Partial<MemoryState> {
  switch (change.kind) {
    case MemoryTransition.Finish:
      return { processingState: ProcessingState.Ready, approved: change.approved, moderation: change.moderation };
    case MemoryTransition.Fail:
      return { processingState: ProcessingState.Failed, approved: false, moderation: change.moderation };
    case MemoryTransition.Recheck:
      return { approved: change.approved, moderation: change.moderation };
    case MemoryTransition.Moderate: {
      const { kind: _kind, ...flags } = change;
      return Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined));
    }
    case MemoryTransition.Feature:
      return { featured: change.featured };
    case MemoryTransition.PullBack:
      return { approved: false };
  }
}

/** The state after a change, or null when the memory's state does not allow it. */
export function nextState<S extends MemoryState>(memory: S, change: MemoryChange): S | null {
  return canChange(memory, change) ? { ...memory, ...transitionUpdate(change) } : null;
}
