import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { HeldReason, ProcessingState } from '@memory-wall/contracts';
import { Memory, MemoryQueue, UnsupportedImageError } from '@memory-wall/core';
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
    @InjectRepository(Memory) private readonly memories: Repository<Memory>,
    private readonly images: ImageRenditions,
    private readonly queue: MemoryQueue,
    private readonly processor: MemoryProcessor,
  ) {}

  async render(memoryId: string): Promise<void> {
    const memory = await this.memories.findOneBy({ id: memoryId });
    if (!memory || memory.processingState !== ProcessingState.Processing) return;
    if (!memory.media) {
      try {
        const { media } = await this.images.process(memory);
        memory.media = media;
      } catch (err) {
        if (!(err instanceof UnsupportedImageError)) throw err;
        // A broken or hostile file will not get better with retries: fail it cleanly, for moderators to see.
        return this.processor.markFailed(memory, HeldReason.ImageUnreadable);
      }
      await this.memories.update(
        { id: memory.id, processingState: ProcessingState.Processing, media: IsNull() },
        { media: memory.media, content: memory.media.full.url },
      );
    }
    await this.queue.enqueue(memory);
  }
}
