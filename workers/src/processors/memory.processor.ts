import { Inject, Injectable, Logger } from '@nestjs/common';
import { buffer } from 'node:stream/consumers';
import {
  findKeyword,
  isWaitingForAi,
  MemoryModeration,
  MemoryType,
  ModerationType,
  ProcessingState,
} from '@memory-wall/contracts';
import {
  AppConfig,
  EventRepository,
  Memory,
  MemoryLifecycle,
  MemoryQueue,
  MemoryRepository,
  Metrics,
  moderationFrameKey,
  needsRendering,
  ObjectStorage,
  renditionKey,
  VIDEO_MODERATION_FRAMES,
} from '@memory-wall/core';
import { AiModeration, AiModerationUnavailable, AiVerdict } from '../adapters/ai-moderation';
import { moderationOutcome } from '../metrics/job-metrics';
import { decideModeration } from './moderation-decision';

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
    private readonly memories: MemoryRepository,
    private readonly lifecycle: MemoryLifecycle,
    private readonly events: EventRepository,
    private readonly ai: AiModeration,
    private readonly queue: MemoryQueue,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  async process(memoryId: string): Promise<void> {
    const memory = await this.memories.findById(memoryId);
    if (!memory) return;
    if (memory.processingState !== ProcessingState.Processing) return this.announceFinished(memory);
    // An image without renditions yet is moderated only once the media queue has made them.
    if (needsRendering(memory)) return this.queue.enqueue(memory);
    const event = await this.events.getById(memory.eventId);

    // The hosts' keywords come first: a memory they hold is never sent to OpenAI.
    const keyword = findKeyword(moderationText(memory), event.moderationKeywords ?? []);
    const ai =
      event.moderationType === ModerationType.AiModeration && !memory.settings?.byHost && !keyword
        ? await this.reviewWithAi(memory)
        : undefined;
    const decision = decideModeration(event.moderationType, { byHost: memory.settings?.byHost, ai, keyword });
    const finished = await this.lifecycle.finish(memory.id, decision.approved, decision.held);
    if (!finished) return;
    this.metrics.moderationOutcomes.inc({ mode: event.moderationType, outcome: moderationOutcome(decision) });
    await this.offerToAiLater(finished);
    this.logger.debug(`memory ${memory.id} ${decision.approved ? 'approved' : `held: ${decision.held?.reason}`}`);
  }

  /**
   * A memory held because AI moderation was unavailable is offered to it again. If a human decided in the
   * meantime nothing changes; while OpenAI is still down this throws, so the job tries again later.
   */
  async reviewAgain(memoryId: string): Promise<void> {
    const memory = await this.memories.findById(memoryId);
    if (!memory || !isWaitingForAi(memory)) return;
    const verdict = await this.askAi(memory);
    const decision = decideModeration(ModerationType.AiModeration, { ai: verdict });
    await this.lifecycle.recheck(memoryId, decision.approved, decision.held);
  }

  /** After the last retry: the memory stays, marked failed, for moderators to see. */
  async markFailed(memoryId: string, moderation: MemoryModeration): Promise<void> {
    await this.lifecycle.fail(memoryId, moderation);
  }

  /** A finished memory's announcement, made (again) by a run that found it finished. */
  private async announceFinished(memory: Memory) {
    await this.lifecycle.announceFinished(memory);
    await this.offerToAiLater(memory);
  }

  /** One held because AI moderation was away is offered to it again later. */
  private async offerToAiLater(memory: Memory) {
    if (isWaitingForAi(memory) && this.ai.configured)
      await this.queue.scheduleAiReview(memory, this.config.AI_RETRY_DELAY_MS);
  }

  /**
   * What AI moderation looks at: a photo's or drawing's card rendition; a clip's frames spread across it
   * (a missing frame is no verdict: the clip is held for a human rather than approved unseen).
   */
  private async picturesOf(memory: Memory): Promise<Array<{ data: Buffer; mime: string }>> {
    // A voice message's waveform says nothing of it: its transcript, in its text, does.
    if (!memory.media || memory.type === MemoryType.Voice) return [];
    if (memory.type !== MemoryType.Video) {
      const card = await this.storage.get(renditionKey(memory.eventId, memory.id, 'card'));
      return card ? [{ data: await buffer(card.stream), mime: 'image/webp' }] : [];
    }
    const frames = [];
    for (let index = 0; index < VIDEO_MODERATION_FRAMES; index++) {
      const frame = await this.storage.get(moderationFrameKey(memory.eventId, memory.id, index));
      if (!frame) throw new AiModerationUnavailable(`frame ${index} of the clip is missing`);
      frames.push({ data: await buffer(frame.stream), mime: 'image/jpeg' });
    }
    return frames;
  }

  /**
   * One verdict on the memory's text and every picture of it: one request per picture (the moderation API
   * takes one image per input), flagged when any is; any unanswered request leaves no verdict at all.
   */
  private async askAi(memory: Memory): Promise<AiVerdict> {
    // Without a transcript nobody has heard it: held for a human rather than approved unheard.
    if (memory.type === MemoryType.Voice && !memory.content.trim())
      throw new AiModerationUnavailable('the voice message has no transcript');
    const text = moderationText(memory);
    const pictures = await this.picturesOf(memory);
    if (!pictures.length) return this.ai.review(text);
    const verdicts = [];
    for (const picture of pictures) verdicts.push(await this.ai.review(text, picture));
    return {
      flagged: verdicts.some((v) => v.flagged),
      categories: [...new Set(verdicts.flatMap((v) => v.categories))],
    };
  }

  private async reviewWithAi(memory: Memory): Promise<AiVerdict | 'unavailable'> {
    try {
      return await this.askAi(memory);
    } catch (err) {
      if (!(err instanceof AiModerationUnavailable)) throw err;
      this.logger.warn(`AI moderation unavailable for memory ${memory.id}: ${err.message}`);
      return 'unavailable';
    }
  }
}

/** The memory types whose content is text (a message; a voice message's transcript), not an image's address. */
const TEXT_CONTENT: ReadonlySet<MemoryType> = new Set([MemoryType.Message, MemoryType.Voice]);

/** What AI moderation and the keyword list read of a memory: who wrote it, its title, and its text or caption. */
function moderationText(memory: Memory): string {
  return [memory.author, memory.title, TEXT_CONTENT.has(memory.type) ? memory.content : memory.photoCaption]
    .filter(Boolean)
    .join('\n');
}
