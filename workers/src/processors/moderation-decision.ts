import { ModerationType } from '@memory-wall/contracts';

export interface ModerationDecision {
  approved: boolean;
  /** Why a memory is held for a human; null when it was approved. */
  reason: string | null;
}

/**
 * The decision for a new memory by the event's moderation type. AI moderation fails closed: until the
 * OpenAI adapter is configured and answers, a human decides.
 */
export function decideModeration(moderationType: ModerationType): ModerationDecision {
  switch (moderationType) {
    case ModerationType.AutoApprove:
      return { approved: true, reason: null };
    case ModerationType.ManualModeration:
      return { approved: false, reason: 'Waiting for a host to approve' };
    case ModerationType.AiModeration:
      return { approved: false, reason: 'AI moderation unavailable: held for a human' };
  }
}
