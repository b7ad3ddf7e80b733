import { HostMemory, PublicMemory } from '@memory-wall/contracts';
import { Memory } from '../database/entities/memory.entity';

/** The fields of a memory that public views and sockets may carry. */
export function toPublicMemory(memory: Memory): PublicMemory {
  return {
    id: memory.id,
    eventId: memory.eventId,
    type: memory.type,
    content: memory.content,
    title: memory.title,
    author: memory.author,
    photoCaption: memory.photoCaption,
    featured: memory.featured,
    language: memory.language,
    createdAt: memory.createdAt.toISOString(),
    hearts: memory.hearts,
    media: memory.media,
  };
}

/** Everything a host (moderator) sees of a memory. */
export function toHostMemory(memory: Memory): HostMemory {
  return {
    ...toPublicMemory(memory),
    approved: memory.approved,
    flagged: memory.flagged,
    processingState: memory.processingState,
    moderation: memory.moderation,
    publicAt: memory.publicAt?.toISOString() ?? null,
  };
}
