import { HeldReason, MemoryModeration, ModerationType } from '@memory-wall/contracts';
import type { AiVerdict } from '../adapters/ai-moderation';

export interface ModerationDecision {
  approved: boolean;
  /** Why a memory is held for a human; null when it was approved. */
  held: MemoryModeration | null;
}

export interface ModerationInput {
  /** Uploaded by one of the event's hosts, who are its moderators. */
  byHost?: boolean;
  /** For AI moderation: OpenAI's verdict, or 'unavailable' (no key, an error, a time-out). */
  ai?: AiVerdict | 'unavailable';
  /** A word of the event's keyword list found in the memory's text. */
  keyword?: string | null;
}

/**
 * The decision for a new memory. A keyword of the event holds it for a human whatever the moderation type
 * (before AI is asked). AI moderation fails closed: without a verdict, a human decides.
 */
export function decideModeration(moderationType: ModerationType, input: ModerationInput = {}): ModerationDecision {
  const approve: ModerationDecision = { approved: true, held: null };
  if (input.byHost) return approve;
  if (input.keyword) return { approved: false, held: { reason: HeldReason.Keyword, word: input.keyword } };
  switch (moderationType) {
    case ModerationType.AutoApprove:
      return approve;
    case ModerationType.ManualModeration:
      return { approved: false, held: { reason: HeldReason.ManualReview } };
    case ModerationType.AiModeration:
      if (!input.ai || input.ai === 'unavailable')
        return { approved: false, held: { reason: HeldReason.AiUnavailable } };
      return input.ai.flagged
        ? { approved: false, held: { reason: HeldReason.AiFlagged, categories: input.ai.categories } }
        : approve;
  }
}
