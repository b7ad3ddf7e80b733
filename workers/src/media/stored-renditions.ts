import { readFile } from 'node:fs/promises';
import { IMAGE_RENDITIONS, ImageRendition, RenditionName } from '@memory-wall/contracts';
import { mediaUrl, Memory, ObjectStorage, renditionKey, WebpRendition } from '@memory-wall/core';

/** A transcode's output may be this much shorter than the original claims before it counts as cut off. */
export const TRUNCATION_TOLERANCE = 0.9;

/** A duration in seconds as the media gives it: to the hundredth. */
export const roundSeconds = (seconds: number) => Math.round(seconds * 100) / 100;

/**
 * Stores the card and full WebPs of a memory's picture (a photo or drawing, a clip's poster, a voice
 * message's waveform) under its fixed keys, and gives them as that part of its media.
 */
export async function storeImageRenditions(
  storage: ObjectStorage,
  memory: Memory,
  renditions: Record<RenditionName, WebpRendition>,
): Promise<Record<RenditionName, ImageRendition>> {
  const media = {} as Record<RenditionName, ImageRendition>;
  for (const name of Object.keys(IMAGE_RENDITIONS) as RenditionName[]) {
    const { data, width, height } = renditions[name];
    const key = renditionKey(memory.eventId, memory.id, name);
    await storage.put(key, data, 'image/webp');
    media[name] = { url: mediaUrl(key), width, height };
  }
  return media;
}

/** A picture a transcode wrote; `missing` is thrown when it wrote none (no picture or no sound to draw). */
export async function readWrittenPicture(path: string, missing: () => Error): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw missing();
    throw err;
  }
}
