import { Injectable } from '@nestjs/common';
import {
  type BulkModerationRequest,
  type BulkModerationResponse,
  DomainErrorCode,
  MemoryMessages,
} from '@memory-wall/contracts';
import { DomainError, isDomainError, MemoryRepository, toHostMemory } from '@memory-wall/core';
import type { Session } from '../auth/session.store';
import { EventAccess } from '../events/event-access';
import { MemoryModerationService } from './memory-moderation.service';

/**
 * One decision on a selection of an event's memories (issue #27): the event is authorised once (canModerate
 * honoured), then each memory is decided as its single action would be, and announced the same way. A memory
 * of another event is not found; one whose state refuses the action is left as it is, and both are reported
 * with the single action's message, while the others are done.
 */
@Injectable()
export class BulkModerationService {
  constructor(
    private readonly memories: MemoryRepository,
    private readonly moderation: MemoryModerationService,
    private readonly access: EventAccess,
  ) {}

  authorize(session: Session, eventId: string) {
    return this.access.manageable(session, eventId, ['canModerate']);
  }

  async decide(
    session: Session,
    eventId: string,
    { action, memoryIds }: BulkModerationRequest,
  ): Promise<BulkModerationResponse> {
    await this.authorize(session, eventId);
    const ids = [...new Set(memoryIds)];
    const found = new Map((await this.memories.findInEvent(eventId, ids)).map((memory) => [memory.id, memory]));
    const outcome: BulkModerationResponse = { success: true, done: [], memories: [], failed: [] };
    for (const id of ids) {
      try {
        const memory = found.get(id);
        if (!memory) throw new DomainError(DomainErrorCode.NotFound, MemoryMessages.memoryNotFound);
        const decided = await this.moderation.decide(memory, action);
        outcome.done.push(id);
        if (decided) outcome.memories.push(toHostMemory(decided));
      } catch (err) {
        if (!isDomainError(err)) throw err;
        outcome.failed.push({ id, message: err.message });
      }
    }
    return outcome;
  }
}
