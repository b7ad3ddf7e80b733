import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { LiveMessageType, MemoryType, ModerationType, ProcessingState } from '@memory-wall/contracts';
import { Event, LivePublisher, Memory, toHostMemory, toPublicMemory, UnsupportedImageError } from '@memory-wall/core';
import { AiModeration, AiModerationUnavailable, AiVerdict } from '../adapters/ai-moderation';
import { ImageRenditions, ProcessedImage } from '../media/image-renditions';
import { decideModeration } from './moderation-decision';

export const FAILED_IMAGE_REASON = 'The image could not be processed';

/** What finishing a memory may change. */
type Outcome = Partial<Pick<Memory, 'processingState' | 'approved' | 'moderation' | 'media' | 'content'>>;

/**
 * Processes one stored memory: images into renditions, then moderation, then the live announcement.
 * Idempotent: a memory no longer 'processing' was handled already, and the conditional UPDATE lets only
 * one run win. Other errors are thrown, so BullMQ retries with backoff.
 */
@Injectable()
export class MemoryProcessor {
  private readonly logger = new Logger(MemoryProcessor.name);

  constructor(
    @InjectRepository(Memory) private readonly memories: Repository<Memory>,
    @InjectRepository(Event) private readonly events: Repository<Event>,
    private readonly images: ImageRenditions,
    private readonly ai: AiModeration,
    private readonly live: LivePublisher,
  ) {}

  async process(memoryId: string): Promise<void> {
    const memory = await this.memories.findOneBy({ id: memoryId });
    if (!memory || memory.processingState !== ProcessingState.Processing) return;
    const event = await this.events.findOneByOrFail({ id: memory.eventId });

    let image: ProcessedImage | undefined;
    if (memory.type !== MemoryType.Message) {
      try {
        image = await this.images.process(memory);
      } catch (err) {
        if (!(err instanceof UnsupportedImageError)) throw err;
        // A broken or hostile file will not get better with retries: fail it cleanly, for moderators to see.
        return this.markFailed(memory, FAILED_IMAGE_REASON);
      }
    }

    const ai = event.moderationType === ModerationType.AiModeration && !memory.settings?.byHost ? await this.reviewWithAi(memory, image) : undefined;
    const decision = decideModeration(event.moderationType, { byHost: memory.settings?.byHost, ai });
    const changes: Outcome = {
      processingState: ProcessingState.Ready,
      approved: decision.approved,
      moderation: decision.held,
      ...(image ? { media: image.media, content: image.media.full.url } : {}),
    };
    if (!(await this.finish(memory.id, changes))) return;

    const done = Object.assign(memory, changes);
    if (decision.approved) {
      await this.live.publish(memory.eventId, {
        public: { type: LiveMessageType.MemoryApproved, memory: toPublicMemory(done) },
        hosts: { type: LiveMessageType.MemoryApproved, memory: toHostMemory(done) },
      });
    } else {
      await this.live.publish(memory.eventId, { hosts: { type: LiveMessageType.NewMemory, memory: toHostMemory(done) } });
    }
    this.logger.debug(`memory ${memory.id} ${decision.approved ? 'approved' : `held: ${decision.held?.reason}`}`);
  }

  /** After the last retry: the memory stays, marked failed, for moderators to see. */
  async markFailed(memory: Memory | string, reason: string): Promise<void> {
    const found = typeof memory === 'string' ? await this.memories.findOneBy({ id: memory }) : memory;
    if (!found) return;
    const changes: Outcome = { processingState: ProcessingState.Failed, approved: false, moderation: { reason } };
    if (!(await this.finish(found.id, changes))) return;
    await this.live.publish(found.eventId, { hosts: { type: LiveMessageType.NewMemory, memory: toHostMemory(Object.assign(found, changes)) } });
  }

  private async finish(memoryId: string, changes: Outcome): Promise<boolean> {
    const result = await this.memories
      .createQueryBuilder()
      .update()
      .set(changes)
      .where('id = :id AND "processingState" = :processing', { id: memoryId, processing: ProcessingState.Processing })
      .execute();
    return result.affected === 1;
  }

  private async reviewWithAi(memory: Memory, image?: ProcessedImage): Promise<AiVerdict | 'unavailable'> {
    const text = [memory.author, memory.title, memory.type === MemoryType.Message ? memory.content : memory.photoCaption]
      .filter(Boolean)
      .join('\n');
    try {
      return await this.ai.review(text, image && { data: image.card, mime: 'image/webp' });
    } catch (err) {
      if (!(err instanceof AiModerationUnavailable)) throw err;
      this.logger.warn(`AI moderation unavailable for memory ${memory.id}: ${err.message}`);
      return 'unavailable';
    }
  }
}
