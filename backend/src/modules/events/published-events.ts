import { Injectable } from '@nestjs/common';
import {
  DomainErrorCode,
  MemoryMessages,
  Messages,
  normalizeEventCode,
  PUBLISHED_STATUSES,
  VIDEO_MAX_SECONDS,
  acceptsMemories,
} from '@memory-wall/contracts';
import { DomainError, Event, EventRepository } from '@memory-wall/core';

/** Entries each answer cache holds before it starts over. */
const MAX_REMEMBERED = 10_000;
const ACCEPTING_CACHE_MS = 5000;

/**
 * Events as guests, screens and the live feeds find them: only published ones. The checks made on every
 * wall read and submission remember their positive answers, so that those paths seldom ask the database.
 */
@Injectable()
export class PublishedEvents {
  private readonly knownPublished = new Set<string>();
  private readonly checking = new Map<string, Promise<void>>();
  private readonly acceptingUntil = new Map<string, number>();

  constructor(private readonly events: EventRepository) {}

  /** An event whose wall is public (live or completed); 404 unknown, 403 not published. */
  async getPublished(id: string): Promise<Event> {
    const event = await this.getOrThrow(id);
    if (!PUBLISHED_STATUSES.includes(event.status))
      throw new DomainError(DomainErrorCode.Forbidden, 'This event is not currently available');
    return event;
  }

  /** Guests find events by code or slug; unpublished ones stay hidden. */
  async findPublishedBy(where: { eventCode: string } | { slug: string }): Promise<Event> {
    const lookup = 'eventCode' in where ? { eventCode: normalizeEventCode(where.eventCode) } : where;
    const event = await this.events.findByKey(lookup);
    if (!event || !PUBLISHED_STATUSES.includes(event.status))
      throw new DomainError(DomainErrorCode.NotFound, Messages.eventNotFound);
    return event;
  }

  /**
   * Whether an event's wall is public, for the hot read paths. A published event never goes back to
   * draft (and only drafts are deleted), so a positive answer is remembered.
   */
  async assertPublished(id: string): Promise<void> {
    if (this.knownPublished.has(id)) return;
    // Asked once for all the reads that arrive together (screens reconnecting to a restarted instance).
    let checking = this.checking.get(id);
    if (!checking) {
      checking = this.getPublished(id)
        .then(() => {
          if (this.knownPublished.size >= MAX_REMEMBERED) this.knownPublished.clear();
          this.knownPublished.add(id);
        })
        .finally(() => this.checking.delete(id));
      this.checking.set(id, checking);
    }
    return checking;
  }

  /**
   * Only a live event takes new memories. Checked on every submission, so a positive answer is kept for a
   * few seconds: an event just completed may take memories for that long, none is ever lost.
   */
  async assertAcceptingMemories(id: string): Promise<void> {
    const until = this.acceptingUntil.get(id);
    if (until && until > Date.now()) return;
    const event = await this.getOrThrow(id);
    if (!acceptsMemories(event)) throw new DomainError(DomainErrorCode.Forbidden, Messages.eventNotAccepting);
    if (this.acceptingUntil.size >= MAX_REMEMBERED) this.acceptingUntil.clear();
    this.acceptingUntil.set(id, Date.now() + ACCEPTING_CACHE_MS);
  }

  /**
   * The longest clip (seconds) an event takes now: it must be live and take video clips. Not remembered:
   * a clip is a rare, large request, and a host who turns clips off expects the next one refused.
   */
  async videoLimit(id: string): Promise<number> {
    const event = await this.getOrThrow(id);
    if (!acceptsMemories(event)) throw new DomainError(DomainErrorCode.Forbidden, Messages.eventNotAccepting);
    if (!event.allowVideo) throw new DomainError(DomainErrorCode.Forbidden, MemoryMessages.videoNotAccepted);
    return Math.min(event.maxVideoSeconds, VIDEO_MAX_SECONDS);
  }

  /** Checked before a voice message is read: the event must be live and take them (not remembered, as clips). */
  async assertAcceptingVoice(id: string): Promise<void> {
    const event = await this.getOrThrow(id);
    if (!acceptsMemories(event)) throw new DomainError(DomainErrorCode.Forbidden, Messages.eventNotAccepting);
    if (!event.allowVoice) throw new DomainError(DomainErrorCode.Forbidden, MemoryMessages.voiceNotAccepted);
  }

  private async getOrThrow(id: string): Promise<Event> {
    const event = await this.events.findById(id);
    if (!event) throw new DomainError(DomainErrorCode.NotFound, Messages.eventNotFound);
    return event;
  }
}
