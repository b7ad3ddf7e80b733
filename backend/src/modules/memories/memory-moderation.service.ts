import { Injectable } from '@nestjs/common';
import {
  canChange,
  DomainErrorCode,
  IMAGE_RENDITIONS,
  MemoryChange,
  MemoryMessages,
  MemoryTransition,
  ProcessingState,
  RenditionName,
} from '@memory-wall/contracts';
import {
  DomainError,
  Memory,
  MemoryLifecycle,
  MemoryRepository,
  ObjectStorage,
  originalKey,
  renditionKey,
} from '@memory-wall/core';
import type { Session } from '../auth/session.store';
import { EventAccess, isAccessRefusal } from '../events/event-access';

type HostChange = Extract<MemoryChange, { kind: typeof MemoryTransition.Moderate | typeof MemoryTransition.Feature }>;

/** The moderators' actions (spec §4 Memory states), each a transition of MemoryLifecycle, announced there. */
@Injectable()
export class MemoryModerationService {
  constructor(
    private readonly memories: MemoryRepository,
    private readonly lifecycle: MemoryLifecycle,
    private readonly access: EventAccess,
    private readonly storage: ObjectStorage,
  ) {}

  /** A memory of an event the caller may moderate (404 otherwise, so ids reveal nothing). */
  async moderatable(session: Session, memoryId: string): Promise<Memory> {
    const memory = await this.memories.findById(memoryId);
    if (!memory) throw new DomainError(DomainErrorCode.NotFound, MemoryMessages.memoryNotFound);
    await this.access.manageable(session, memory.eventId, ['canModerate']).catch((err: unknown) => {
      throw isAccessRefusal(err) ? new DomainError(DomainErrorCode.NotFound, MemoryMessages.memoryNotFound) : err;
    });
    return memory;
  }

  approve(session: Session, memoryId: string) {
    return this.change(session, memoryId, { approved: true, flagged: false });
  }

  flag(session: Session, memoryId: string) {
    return this.change(session, memoryId, { flagged: true });
  }

  async toggleFeatured(session: Session, memoryId: string) {
    const memory = await this.moderatable(session, memoryId);
    return this.apply(memory, { kind: MemoryTransition.Feature, featured: !memory.featured });
  }

  async change(session: Session, memoryId: string, flags: { approved?: boolean; flagged?: boolean }): Promise<Memory> {
    return this.apply(await this.moderatable(session, memoryId), { kind: MemoryTransition.Moderate, ...flags });
  }

  /** Reject or remove: the memory and its images are deleted. */
  async remove(session: Session, memoryId: string): Promise<void> {
    const memory = await this.moderatable(session, memoryId);
    if (!(await this.lifecycle.remove(memory.id))) return;
    const keys = [
      originalKey(memory.eventId, memory.id),
      ...(Object.keys(IMAGE_RENDITIONS) as RenditionName[]).map((n) => renditionKey(memory.eventId, memory.id, n)),
    ];
    await Promise.allSettled(keys.map((key) => this.storage.remove(key)));
  }

  /**
   * Makes the change when the memory's state allows it (409 saying why not otherwise). When the memory
   * changed between reading and writing (another host, the workers), it is judged again as it is now.
   */
  private async apply(memory: Memory, change: HostChange, retries = 1): Promise<Memory> {
    refuseUnlessAllowed(memory, change);
    const changed = await this.lifecycle.moderate(memory.id, change);
    if (changed) return changed;
    const now = await this.memories.findById(memory.id);
    if (!now) throw new DomainError(DomainErrorCode.NotFound, MemoryMessages.memoryNotFound);
    if (retries === 0) throw new DomainError(DomainErrorCode.Conflict, refusal(now, change));
    return this.apply(now, change, retries - 1);
  }
}

function refuseUnlessAllowed(memory: Memory, change: HostChange) {
  if (!canChange(memory, change)) throw new DomainError(DomainErrorCode.Conflict, refusal(memory, change));
}

/** Why a host's change is refused for a memory in this state. */
function refusal(memory: Memory, change: HostChange): string {
  if (change.kind === MemoryTransition.Feature) return MemoryMessages.notApproved;
  return memory.processingState === ProcessingState.Processing
    ? MemoryMessages.stillProcessing
    : MemoryMessages.processingFailed;
}
