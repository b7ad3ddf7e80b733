import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { buffer } from 'node:stream/consumers';
import { LiveMessageType, MemoryType, ModerationType, ProcessingState } from '@memory-wall/contracts';
import {
  AppConfig,
  Event,
  LiveChange,
  LivePublisher,
  Memory,
  MemoryQueue,
  Metrics,
  needsRendering,
  ObjectStorage,
  renditionKey,
  toHostMemory,
  toPublicMemory,
} from '@memory-wall/core';
import { AiModeration, AiModerationUnavailable, AiVerdict } from '../adapters/ai-moderation';
import { moderationOutcome } from '../metrics/job-metrics';
import { decideModeration, HeldReason } from './moderation-decision';

export const FAILED_IMAGE_REASON = 'The image could not be processed';

/** What finishing a memory may change. */
type Outcome = Partial<Pick<Memory, 'processingState' | 'approved' | 'moderation'>>;

/**
 * Moderates one stored memory (its images, if any, already rendered by MediaProcessor), then announces it.
 * Idempotent: the conditional UPDATE lets only one run finish a memory, and its announcement is made once.
 * A run that finds the memory finished makes the announcement (again: it happens at most once), since the
 * run that finished it may have died or lost Redis before announcing. Other errors are thrown, so BullMQ
 * retries with backoff.
 */
@Injectable()
export class MemoryProcessor {
  private readonly logger = new Logger(MemoryProcessor.name);

  constructor(
    @InjectRepository(Memory) private readonly memories: Repository<Memory>,
    @InjectRepository(Event) private readonly events: Repository<Event>,
    private readonly ai: AiModeration,
    private readonly live: LivePublisher,
    private readonly queue: MemoryQueue,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  async process(memoryId: string): Promise<void> {
    const memory = await this.memories.findOneBy({ id: memoryId });
    if (!memory) return;
    if (memory.processingState !== ProcessingState.Processing) return this.announceFinished(memory);
    // An image without renditions yet is moderated only once the media queue has made them.
    if (needsRendering(memory)) return this.queue.enqueue(memory);
    const event = await this.events.findOneByOrFail({ id: memory.eventId });

    const ai = event.moderationType === ModerationType.AiModeration && !memory.settings?.byHost ? await this.reviewWithAi(memory) : undefined;
    const decision = decideModeration(event.moderationType, { byHost: memory.settings?.byHost, ai });
    const changes: Outcome = { processingState: ProcessingState.Ready, approved: decision.approved, moderation: decision.held };
    if (!(await this.finish(memory.id, changes))) return;
    this.metrics.moderationOutcomes.inc({ mode: event.moderationType, outcome: moderationOutcome(decision) });

    await this.announceFinished(Object.assign(memory, changes));
    this.logger.debug(`memory ${memory.id} ${decision.approved ? 'approved' : `held: ${decision.held?.reason}`}`);
  }

  /**
   * A memory held because AI moderation was unavailable is offered to it again. If a human decided in the
   * meantime nothing changes; while OpenAI is still down this throws, so the job tries again later.
   */
  async reviewAgain(memoryId: string): Promise<void> {
    const memory = await this.memories.findOneBy({ id: memoryId });
    if (!memory || !isWaitingForAi(memory)) return;
    const verdict = await this.ai.review(moderationText(memory), await this.cardOf(memory));
    const decision = decideModeration(ModerationType.AiModeration, { ai: verdict });
    const changes: Outcome = { approved: decision.approved, moderation: decision.held };
    const result = await this.memories
      .createQueryBuilder()
      .update()
      .set(changes)
      .where(`id = :id AND NOT approved AND NOT flagged AND moderation->>'reason' = :reason`, { id: memoryId, reason: HeldReason.aiUnavailable })
      .execute();
    if (result.affected !== 1) return;
    Object.assign(memory, changes);
    await this.live.publish(memory.eventId, decision.approved ? approval(memory) : { hosts: { type: LiveMessageType.MemoryUpdated, memory: toHostMemory(memory) } });
  }

  /**
   * The first announcement of a finished memory, made once: approved, the wall and the hosts hear of it;
   * held or failed, only the hosts. One held because AI moderation was away is offered to it again later.
   */
  private async announceFinished(memory: Memory) {
    const onWall = memory.processingState === ProcessingState.Ready && memory.approved && !memory.flagged;
    const change = onWall ? approval(memory) : { hosts: { type: LiveMessageType.NewMemory, memory: toHostMemory(memory) } };
    await this.live.publish(memory.eventId, change, `finished:${memory.id}`);
    if (isWaitingForAi(memory) && this.ai.configured) await this.queue.scheduleAiReview(memory, this.config.AI_RETRY_DELAY_MS);
  }

  /** After the last retry: the memory stays, marked failed, for moderators to see. */
  async markFailed(memory: Memory | string, reason: string): Promise<void> {
    const found = typeof memory === 'string' ? await this.memories.findOneBy({ id: memory }) : memory;
    if (!found) return;
    const changes: Outcome = { processingState: ProcessingState.Failed, approved: false, moderation: { reason } };
    if (!(await this.finish(found.id, changes))) return;
    await this.announceFinished(Object.assign(found, changes));
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

  /** The card rendition of a photo or drawing, which AI moderation looks at. */
  private async cardOf(memory: Memory) {
    const card = memory.media ? await this.storage.get(renditionKey(memory.eventId, memory.id, 'card')) : null;
    return card ? { data: await buffer(card.stream), mime: 'image/webp' } : undefined;
  }

  private async reviewWithAi(memory: Memory): Promise<AiVerdict | 'unavailable'> {
    try {
      return await this.ai.review(moderationText(memory), await this.cardOf(memory));
    } catch (err) {
      if (!(err instanceof AiModerationUnavailable)) throw err;
      this.logger.warn(`AI moderation unavailable for memory ${memory.id}: ${err.message}`);
      return 'unavailable';
    }
  }
}

/** An approval: the memory goes on the wall, and the hosts see it approved. */
function approval(memory: Memory): LiveChange {
  return {
    public: { type: LiveMessageType.MemoryApproved, memory: toPublicMemory(memory) },
    hosts: { type: LiveMessageType.MemoryApproved, memory: toHostMemory(memory) },
  };
}

/** What AI moderation reads of a memory: who wrote it, its title, and its text or caption. */
function moderationText(memory: Memory): string {
  return [memory.author, memory.title, memory.type === MemoryType.Message ? memory.content : memory.photoCaption].filter(Boolean).join('\n');
}

const isWaitingForAi = (memory: Memory) =>
  !memory.approved && !memory.flagged && memory.processingState === ProcessingState.Ready && memory.moderation?.reason === HeldReason.aiUnavailable;
