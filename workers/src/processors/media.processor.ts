import { Injectable } from '@nestjs/common';
import { HeldReason, MemoryMedia, MemoryModeration, MemoryType, ProcessingState } from '@memory-wall/contracts';
import {
  Memory,
  MemoryQueue,
  MemoryRepository,
  UnsupportedAudioError,
  UnsupportedImageError,
  UnsupportedVideoError,
  VideoToolTimeout,
} from '@memory-wall/core';
import { ImageRenditions } from '../media/image-renditions';
import { VideoRenditions } from '../media/video-renditions';
import { VoiceRenditions } from '../media/voice-renditions';
import { MemoryProcessor } from './memory.processor';

/**
 * Why a memory's media can never be made, or null when the error may pass (storage away): a broken or
 * hostile file, or a clip ffmpeg could not finish in its time, will not get better with retries.
 */
function hopeless(err: unknown): MemoryModeration | null {
  if (err instanceof UnsupportedImageError) return { reason: HeldReason.ImageUnreadable };
  if (err instanceof UnsupportedVideoError) return { reason: HeldReason.VideoUnreadable, detail: err.message };
  if (err instanceof UnsupportedAudioError) return { reason: HeldReason.VoiceUnreadable, detail: err.message };
  if (err instanceof VideoToolTimeout) return { reason: HeldReason.ProcessingFailed, detail: err.message };
  return null;
}

/**
 * The CPU-bound stage of a photo, drawing, video clip or voice message: its renditions are made and recorded on the (still processing)
 * memory, which is then handed to moderation. Idempotent: renditions have fixed keys, the row is written
 * only while it has none, and the hand-over's job id is derived from the memory.
 */
@Injectable()
export class MediaProcessor {
  constructor(
    private readonly memories: MemoryRepository,
    private readonly images: ImageRenditions,
    private readonly videos: VideoRenditions,
    private readonly voices: VoiceRenditions,
    private readonly queue: MemoryQueue,
    private readonly processor: MemoryProcessor,
  ) {}

  async render(memoryId: string): Promise<void> {
    const memory = await this.memories.findById(memoryId);
    if (!memory || memory.processingState !== ProcessingState.Processing) return;
    if (!memory.media) {
      let made: { media: MemoryMedia; transcript?: string };
      try {
        made = await this.renditionsOf(memory);
      } catch (err) {
        const failed = hopeless(err);
        if (!failed) throw err;
        // Failed cleanly, for moderators to see; the next memories keep flowing.
        return this.processor.markFailed(memory.id, failed);
      }
      memory.media = made.media;
      await this.memories.attachMedia(memory.id, made.media, made.transcript);
    }
    await this.queue.enqueue(memory);
  }

  private renditionsOf(memory: Memory): Promise<{ media: MemoryMedia; transcript?: string }> {
    if (memory.type === MemoryType.Video) return this.videos.process(memory);
    if (memory.type === MemoryType.Voice) return this.voices.process(memory);
    return this.images.process(memory);
  }
}
