import { MemoryType, VIDEO_MAX_SECONDS, type PublicMemory } from '@memory-wall/contracts';

/** The video clips of a set, in the order they play (one at a time). */
export const clipsOf = (memories: readonly PublicMemory[]) =>
  memories.filter((memory) => memory.type === MemoryType.Video && memory.media?.video);

/**
 * How long a set with clips stays up: each clip's length (at most VIDEO_MAX_SECONDS), one after another,
 * plus a second each for the clip to start; null for a set without clips (it keeps the event's slot).
 */
export function clipSlotSeconds(memories: readonly PublicMemory[]): number | null {
  const clips = clipsOf(memories);
  if (!clips.length) return null;
  return clips.reduce((sum, clip) => sum + Math.ceil(Math.min(clip.media!.video!.duration, VIDEO_MAX_SECONDS)) + 1, 0);
}
