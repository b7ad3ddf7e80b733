import { MemoryType, VIDEO_MAX_SECONDS, VOICE_MAX_SECONDS, type PublicMemory } from '@memory-wall/contracts';

/**
 * What of a set plays on a screen, one at a time, in order: its video clips (muted), and its voice
 * messages where the hosts turned sound on (`voiceAloud`).
 */
export const clipsOf = (memories: readonly PublicMemory[], voiceAloud = false) =>
  memories.filter(
    (memory) =>
      (memory.type === MemoryType.Video && memory.media?.video) ||
      (voiceAloud && memory.type === MemoryType.Voice && memory.media?.audio),
  );

/** How long one plays: its length, at most its type's limit. */
const secondsOf = (memory: PublicMemory) =>
  memory.type === MemoryType.Voice
    ? Math.min(memory.media!.audio!.duration, VOICE_MAX_SECONDS)
    : Math.min(memory.media!.video!.duration, VIDEO_MAX_SECONDS);

/**
 * How long a set with clips stays up: each one's length, one after another, plus a second each for it to
 * start; null for a set without clips (it keeps the event's slot).
 */
export function clipSlotSeconds(memories: readonly PublicMemory[], voiceAloud = false): number | null {
  const clips = clipsOf(memories, voiceAloud);
  if (!clips.length) return null;
  return clips.reduce((sum, clip) => sum + Math.ceil(secondsOf(clip)) + 1, 0);
}
