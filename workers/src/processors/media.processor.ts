import { Injectable } from '@nestjs/common';
import { HeldReason, ProcessingState } from '@memory-wall/contracts';
import { MemoryQueue, MemoryRepository, UnsupportedImageError } from '@memory-wall/core';
import { ImageRenditions } from '../media/image-renditions';
import { MemoryProcessor } from './memory.processor';

/**
 * The CPU-bound stage of a photo or drawing: its renditions are made and recorded on the (still processing)
 * memory, which is then handed to moderation. Idempotent: renditions have fixed keys, the row is written
 * only while it has none, and the hand-over's job id is derived from the memory.
 */
@Injectable()
export class MediaProcessor {
  constructor(
    private readonly memories: MemoryRepository,
    private readonly images: ImageRenditions,
    private readonly queue: MemoryQueue,
    private readonly processor: MemoryProcessor,
  ) {}

  async render(memoryId: string): Promise<void> {
    const memory = await this.memories.findById(memoryId);
    if (!memory || memory.processingState !== ProcessingState.Processing) return;
    if (!memory.media) {
      try {
        const { media } = await this.images.process(memory);
        memory.media = media;
      } catch (err) {
        if (!(err instanceof UnsupportedImageError)) throw err;
        // A broken or hostile file will not get better with retries: fail it cleanly, for moderators to see.
        return this.processor.markFailed(memory.id, { reason: HeldReason.ImageUnreadable });
      }
      await this.memories.attachMedia(memory.id, memory.media);
    }
    await this.queue.enqueue(memory);
  }
}
