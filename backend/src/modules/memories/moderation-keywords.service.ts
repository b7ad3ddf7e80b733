import { Injectable } from '@nestjs/common';
import { DomainErrorCode, KeywordMessages, normalizeKeywords } from '@memory-wall/contracts';
import { DomainError, EventRepository } from '@memory-wall/core';
import type { Session } from '../auth/session.store';
import { EventAccess } from '../events/event-access';

/**
 * The event's keyword list (issue #27), which the workers read when they moderate a guest's memory. It is
 * moderation, so a customer needs canModerate to change it.
 */
@Injectable()
export class ModerationKeywordsService {
  constructor(
    private readonly events: EventRepository,
    private readonly access: EventAccess,
  ) {}

  authorize(session: Session, eventId: string) {
    return this.access.manageable(session, eventId, ['canModerate']);
  }

  /** Replaces the list (trimmed, repeats dropped); answers it as stored. */
  async replace(session: Session, eventId: string, keywords: string[]): Promise<string[]> {
    await this.authorize(session, eventId);
    const stored = normalizeKeywords(keywords);
    if (!stored) throw new DomainError(DomainErrorCode.Invalid, KeywordMessages.wordInvalid);
    await this.events.update(eventId, { moderationKeywords: stored });
    return stored;
  }
}
