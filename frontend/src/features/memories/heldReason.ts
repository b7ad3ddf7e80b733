import { HELD_REASONS, type MemoryModeration } from '@memory-wall/contracts';
import type { TextKey, TextParams } from '../../i18n';
import { addPageTexts } from '../../i18n/lazy';
import { heldReasonTexts } from '../../i18n/pages/heldReasons';

addPageTexts('heldReasons', heldReasonTexts);

/** The text of why a memory is held or failed, in the reader's language (a code the catalogue lacks: as it is). */
export function heldReasonText(t: (key: TextKey, params?: TextParams) => string, moderation: MemoryModeration): string {
  if (!HELD_REASONS.includes(moderation.reason)) return moderation.reason;
  return t(`heldReasons.${moderation.reason}`, { detail: moderation.detail ?? '', word: moderation.word ?? '' });
}
