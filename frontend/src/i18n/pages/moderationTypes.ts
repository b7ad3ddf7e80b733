import type { ModerationType } from '@memory-wall/contracts';

/** The moderation choice and what each type means: the event form and the wall settings both offer it. */
interface ModerationTypeTexts {
  legend: string;
  name: Record<ModerationType, string>;
  hint: Record<ModerationType, string>;
}

const en: ModerationTypeTexts = {
  legend: 'Moderation',
  name: {
    auto_approve: 'Auto Approve',
    ai_moderation: 'AI Moderation',
    manual_moderation: 'Manual Moderation',
  },
  hint: {
    auto_approve: 'Every memory appears on the wall at once.',
    ai_moderation: 'Memories are checked automatically; doubtful ones wait for you.',
    manual_moderation: 'You approve every memory before it appears.',
  },
};

export const moderationTypeTexts = en;

declare module '../en' {
  interface LazyResources {
    moderationTypes: ModerationTypeTexts;
  }
}
