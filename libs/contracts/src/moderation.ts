import type { HostMemory } from './memories';

/**
 * Moderation at speed (issue #27): an event's keyword list, whose words hold a guest's memory for a host
 * before any other moderation, and bulk decisions on a selection of memories. Browser-safe.
 */

/** The most words a list may have, and the longest word (characters). */
export const MAX_MODERATION_KEYWORDS = 200;
export const MAX_KEYWORD_LENGTH = 50;

export const KeywordMessages = {
  notAList: 'Keywords must be a list of words',
  tooMany: `At most ${MAX_MODERATION_KEYWORDS} keywords per event`,
  wordInvalid: `Each keyword must have 1 to ${MAX_KEYWORD_LENGTH} characters`,
} as const;

/** PUT /api/events/{id}/keywords: the whole list (it replaces the stored one). */
export interface ModerationKeywordsRequest {
  keywords: string[];
}

/** PUT /api/events/{id}/keywords: the list as stored (trimmed, duplicates dropped). */
export interface ModerationKeywordsResponse {
  success: true;
  keywords: string[];
}

/**
 * A keyword list as stored: each word trimmed, blank ones and repeats (case and accents aside) dropped, in
 * the order given. Null when a word is longer than the limit or there are too many.
 */
export function normalizeKeywords(words: readonly string[]): string[] | null {
  const kept = new Map<string, string>();
  for (const word of words) {
    const trimmed = word.trim().replace(/\s+/gu, ' ');
    if (!trimmed) continue;
    if ([...trimmed].length > MAX_KEYWORD_LENGTH) return null;
    const key = folded(trimmed);
    if (!kept.has(key)) kept.set(key, trimmed);
  }
  return kept.size > MAX_MODERATION_KEYWORDS ? null : [...kept.values()];
}

/** Writing systems without spaces between words: their keywords match anywhere in a text. */
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}`;
const HAS_CJK = new RegExp(`[${CJK}]`, 'u');
/** A letter or digit that belongs to a spaced word (CJK characters are words of their own). */
const WORD_CHAR = String.raw`(?:(?![${CJK}])[\p{L}\p{N}\p{M}])`;

/**
 * Case, accents and spacing aside: "Crème" and "CREME" are the same word, as are "Straße" and "STRASSE", and
 * "old  mill" across a line break is "old mill".
 */
function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().toLowerCase().replace(/\s+/gu, ' ');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first keyword found in the text, or null: as a whole word, case and accents aside; a keyword in
 * Chinese or Japanese anywhere in the text (those have no spaces between words).
 */
export function findKeyword(text: string, keywords: readonly string[]): string | null {
  if (!keywords.length || !text) return null;
  const haystack = folded(text);
  for (const keyword of keywords) {
    const needle = folded(keyword.trim());
    if (!needle) continue;
    if (HAS_CJK.test(needle)) {
      if (haystack.includes(needle)) return keyword;
      continue;
    }
    const pattern = new RegExp(`(?<!${WORD_CHAR})${escapeRegExp(needle)}(?!${WORD_CHAR})`, 'u');
    if (pattern.test(haystack)) return keyword;
  }
  return null;
}

/** What a bulk decision does to each memory of the selection: as the single action of the same name. */
export const BulkModerationAction = { Approve: 'approve', Reject: 'reject', Flag: 'flag' } as const;
export type BulkModerationAction = (typeof BulkModerationAction)[keyof typeof BulkModerationAction];
export const BULK_MODERATION_ACTIONS = Object.values(BulkModerationAction);

/** The most memories one bulk decision takes. */
export const MAX_BULK_MEMORIES = 100;

export const BulkModerationMessages = {
  actionInvalid: `The action must be ${BULK_MODERATION_ACTIONS.join(', ')}`,
  idsInvalid: `memoryIds must be a list of 1 to ${MAX_BULK_MEMORIES} memory ids`,
} as const;

/** POST /api/events/{eventId}/memories/bulk */
export interface BulkModerationRequest {
  action: BulkModerationAction;
  memoryIds: string[];
}

/** A memory of the selection that was left as it was, and why (the single action's refusal). */
export interface BulkModerationFailure {
  id: string;
  message: string;
}

/** POST /api/events/{eventId}/memories/bulk: what was done, and what was not. */
export interface BulkModerationResponse {
  success: true;
  /** The ids done (approved, flagged or rejected). */
  done: string[];
  /** Approved or flagged memories as they are now (rejected ones are gone). */
  memories: HostMemory[];
  failed: BulkModerationFailure[];
}
