import type { HeldReason } from '@memory-wall/contracts';

/** Why a memory is held for a human or failed, by the code the server stores (HeldReason); moderators read these. */
type HeldReasonTexts = Record<HeldReason, string>;

const en: HeldReasonTexts = {
  manual_review: 'Waiting for a host to approve',
  ai_flagged: 'Flagged by AI moderation',
  ai_unavailable: 'AI moderation unavailable: held for a human',
  image_unreadable: 'The image could not be processed',
  processing_failed: 'Processing failed: {{detail}}',
};

const zh: HeldReasonTexts = {
  manual_review: '等待主办方审核',
  ai_flagged: '已被 AI 审核标记',
  ai_unavailable: 'AI 审核暂不可用：等待人工审核',
  image_unreadable: '无法处理该图片',
  processing_failed: '处理失败：{{detail}}',
};

export const heldReasonTexts = { en, zh };

declare module '../en' {
  interface LazyResources {
    heldReasons: HeldReasonTexts;
  }
}
