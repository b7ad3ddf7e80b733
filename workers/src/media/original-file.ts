import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Memory, ObjectStorage, originalKey } from '@memory-wall/core';

/**
 * A memory's original as a file ffmpeg reads: where it lies on local disk, or downloaded into `dir` from
 * object storage; null when it is missing.
 */
export async function originalFile(storage: ObjectStorage, memory: Memory, dir: string): Promise<string | null> {
  const key = originalKey(memory.eventId, memory.id);
  const local = storage.localFile(key);
  if (local) return join(local.root, local.path);
  const original = await storage.get(key);
  if (!original) return null;
  const path = join(dir, 'original');
  await pipeline(original.stream, createWriteStream(path));
  return path;
}
