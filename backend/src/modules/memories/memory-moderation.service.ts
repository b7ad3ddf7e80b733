import { Injectable } from '@nestjs/common';
import {
  BulkModerationAction,
  canChange,
  DomainErrorCode,
  MemoryChange,
  MemoryMessages,
  MemoryTransition,
  ProcessingState,
  ScreenMessages,
} from '@memory-wall/contracts';
import {
  DomainError,
  Memory,
  MemoryLifecycle,
  MemoryRepository,
  memoryObjectKeys,
  ObjectStorage,
} from '@memory-wall/core';
import type { Session } from '../auth/session.store';
import { EventAccess, isAccessRefusal } from '../events/event-access';

type HostChange = Extract<
  MemoryChange,
  { kind: typeof MemoryTransition.Moderate | typeof MemoryTransition.Feature | typeof MemoryTransition.PullBack }
>;

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

  /** Takes back an approval while the memory waits for the screens' delay: it never reaches them (409 after). */
  async pullBack(session: Session, memoryId: string) {
    return this.apply(await this.moderatable(session, memoryId), { kind: MemoryTransition.PullBack });
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
    await this.discard(await this.moderatable(session, memoryId));
  }

  /**
   * One decision on a memory whose event the caller may moderate (the bulk route authorised it), as the
   * single action would make it: the memory as it is now, or null once rejected.
   */
  decide(memory: Memory, action: BulkModerationAction): Promise<Memory | null> {
    switch (action) {
      case BulkModerationAction.Approve:
        return this.apply(memory, { kind: MemoryTransition.Moderate, approved: true, flagged: false });
      case BulkModerationAction.Flag:
        return this.apply(memory, { kind: MemoryTransition.Moderate, flagged: true });
      case BulkModerationAction.Reject:
        return this.discard(memory).then(() => null);
    }
  }

  /** Deletes the memory (announced by MemoryLifecycle) and then its images; whoever asked was authorised. */
  async discard(memory: Pick<Memory, 'id' | 'eventId'>): Promise<void> {
    if (!(await this.lifecycle.remove(memory.id))) return;
    await Promise.allSettled(memoryObjectKeys(memory.eventId, memory.id).map((key) => this.storage.remove(key)));
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
  if (change.kind === MemoryTransition.PullBack) return ScreenMessages.notInDelay;
  return memory.processingState === ProcessingState.Processing
    ? MemoryMessages.stillProcessing
    : MemoryMessages.processingFailed;
}
