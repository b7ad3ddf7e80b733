import { Injectable } from '@nestjs/common';
import { DomainErrorCode, MemoryMessages, myMemoryStatus, type MyMemory } from '@memory-wall/contracts';
import { DomainError, MemoryRepository } from '@memory-wall/core';
import { PublishedEvents } from '../events/published-events';
import { MemoryModerationService } from './memory-moderation.service';

/**
 * A guest's own memories, found by the submission ids their device kept (memories.ts MY_MEMORIES_MAX): their
 * status, and deleting one, which takes it off every screen as a host's removal does.
 */
@Injectable()
export class MyMemoriesService {
  constructor(
    private readonly memories: MemoryRepository,
    private readonly events: PublishedEvents,
    private readonly moderation: MemoryModerationService,
  ) {}

  /** Each submission id asked for, in that order: a memory no longer stored (rejected) is not shown. */
  async statuses(eventId: string, submissionIds: readonly string[]): Promise<MyMemory[]> {
    await this.events.assertPublished(eventId);
    const found = new Map(
      (await this.memories.findSubmissions(eventId, submissionIds)).map((memory) => [memory.submissionId, memory]),
    );
    return submissionIds.map((submissionId) => {
      const memory = found.get(submissionId);
      return { submissionId, memoryId: memory?.id ?? null, status: myMemoryStatus(memory ?? null) };
    });
  }

  /** Deletes the event's memory when `submissionId` is the one it was sent with (404 otherwise: ids reveal nothing). */
  async delete(eventId: string, memoryId: string, submissionId: string): Promise<void> {
    const [memory] = await this.memories.findSubmissions(eventId, [submissionId]);
    if (memory?.id !== memoryId) throw new DomainError(DomainErrorCode.NotFound, MemoryMessages.memoryNotFound);
    await this.moderation.discard(memory);
  }
}
