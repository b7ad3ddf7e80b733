import { ModerationType } from '@memory-wall/contracts';
import type { AiVerdict } from '../adapters/ai-moderation';

export interface ModerationDecision {
  approved: boolean;
  /** Why a memory is held for a human; null when it was approved. */
  held: { reason: string; categories?: string[] } | null;
}

export const HeldReason = {
  manual: 'Waiting for a host to approve',
  aiFlagged: 'Flagged by AI moderation',
  aiUnavailable: 'AI moderation unavailable: held for a human',
} as const;

export interface ModerationInput {
  /** Uploaded by one of the event's hosts, who are its moderators. */
  byHost?: boolean;
  /** For AI moderation: OpenAI's verdict, or 'unavailable' (no key, an error, a time-out). */
  ai?: AiVerdict | 'unavailable';
}

/** The decision for a new memory. AI moderation fails closed: without a verdict, a human decides. */
export function decideModeration(moderationType: ModerationType, input: ModerationInput = {}): ModerationDecision {
  const approve: ModerationDecision = { approved: true, held: null };
  if (input.byHost) return approve;
  switch (moderationType) {
    case ModerationType.AutoApprove:
      return approve;
    case ModerationType.ManualModeration:
      return { approved: false, held: { reason: HeldReason.manual } };
    case ModerationType.AiModeration:
      if (!input.ai || input.ai === 'unavailable') return { approved: false, held: { reason: HeldReason.aiUnavailable } };
      return input.ai.flagged ? { approved: false, held: { reason: HeldReason.aiFlagged, categories: input.ai.categories } } : approve;
  }
}
