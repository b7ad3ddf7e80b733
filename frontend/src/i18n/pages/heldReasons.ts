import type { HeldReason } from '@memory-wall/contracts';

/** Why a memory is held for a human or failed, by the code the server stores (HeldReason); moderators read these. */
type HeldReasonTexts = Record<HeldReason, string>;

const en: HeldReasonTexts = {
  manual_review: 'Waiting for a host to approve',
  ai_flagged: 'Flagged by AI moderation',
  ai_unavailable: 'AI moderation unavailable: held for a human',
  image_unreadable: 'The image could not be processed',
  video_unreadable: 'The video clip could not be processed',
  voice_unreadable: 'The voice message could not be processed',
  processing_failed: 'Processing failed: {{detail}}',
  keyword: 'Contains the keyword "{{word}}"',
};

export const heldReasonTexts = en;

declare module '../en' {
  interface LazyResources {
    heldReasons: HeldReasonTexts;
  }
}
