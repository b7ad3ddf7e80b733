import { MemoryType } from '@memory-wall/contracts';
import { Memory, MemoryRepository } from '@memory-wall/core';

/** Memories read per query: a keepsake of any size holds one page in memory at a time. */
const PAGE = 200;

/** The event's memories on the wall, oldest first, read page by page. */
export async function* memoriesInOrder(memories: MemoryRepository, eventId: string): AsyncGenerator<Memory> {
  let after: Memory | null = null;
  for (;;) {
    const page = await memories.onWallInOrder(eventId, after, PAGE);
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1];
  }
}

/** Folder of each type in the archive. */
export const FOLDER: Record<MemoryType, string> = {
  [MemoryType.Photo]: 'photos',
  [MemoryType.Drawing]: 'drawings',
  [MemoryType.Message]: 'messages',
  [MemoryType.Video]: 'videos',
  [MemoryType.Voice]: 'voices',
};

const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heif': 'heic',
  'image/heic': 'heic',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'audio/mp4': 'm4a',
};

/** `photos/0007-Ana-Lopez-1a2b3c4d.jpg`: in order, by whom, unique by the memory's id. */
export function entryName(memory: Memory, position: number, contentType: string): string {
  const author =
    memory.author
      // Accents go (José → Jose); letters and digits of every script stay (小明).
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}\- ]+/gu, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 40) || 'guest';
  const extension = EXTENSION[contentType] ?? 'bin';
  return `${FOLDER[memory.type]}/${String(position).padStart(4, '0')}-${author}-${memory.id.slice(0, 8)}.${extension}`;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
