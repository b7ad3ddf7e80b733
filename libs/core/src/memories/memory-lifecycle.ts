import { Injectable } from '@nestjs/common';
import {
  isOnPublicWall,
  LiveMessageType,
  MemoryChange,
  MemoryModeration,
  MemoryState,
  MemoryTransition,
} from '@memory-wall/contracts';
import { Memory } from '../database/entities/memory.entity';
import { LiveChange, LivePublisher } from '../live/live-publisher';
import { MemoryRepository } from './memory.repository';
import { toHostMemory, toPublicMemory } from './public-memory';

/**
 * Each transition of a memory (libs/contracts memory-state.ts) with what it announces, for the API and the
 * workers alike: the change is a conditional UPDATE (nothing happens when the memory's state no longer allows
 * it, and null is answered), then its announcement is published. The hosts' feed hears every change; the
 * public feed hears a memory arrive on, change on, or leave the wall, never anything else.
 */
@Injectable()
export class MemoryLifecycle {
  constructor(
    private readonly memories: MemoryRepository,
    private readonly live: LivePublisher,
  ) {}

  /** The workers' decision on a processed memory: approved, or held for a human with a reason. */
  finish(memoryId: string, approved: boolean, moderation: MemoryModeration | null): Promise<Memory | null> {
    return this.finishAs(memoryId, { kind: MemoryTransition.Finish, approved, moderation });
  }

  /** Processing gave up: the memory stays, failed, for moderators to see and reject. */
  fail(memoryId: string, moderation: MemoryModeration): Promise<Memory | null> {
    return this.finishAs(memoryId, { kind: MemoryTransition.Fail, moderation });
  }

  /**
   * The first announcement of a finished memory, made at most once however often it is asked for: a job
   * run again after its first run died or lost Redis makes it. Approved: the wall and the hosts hear of
   * it; held or failed: only the hosts.
   */
  announceFinished(memory: Memory): Promise<void> {
    const change = isOnPublicWall(memory)
      ? approval(memory)
      : { hosts: { type: LiveMessageType.NewMemory, memory: toHostMemory(memory) } };
    return this.live.publish(memory.eventId, change, `finished:${memory.id}`);
  }

  /** AI moderation's verdict on a memory held while it was away; nothing if a host decided meanwhile. */
  async recheck(memoryId: string, approved: boolean, moderation: MemoryModeration | null): Promise<Memory | null> {
    const done = await this.memories.transition(memoryId, { kind: MemoryTransition.Recheck, approved, moderation });
    if (!done) return null;
    await this.live.publish(
      done.memory.eventId,
      approved
        ? approval(done.memory)
        : { hosts: { type: LiveMessageType.MemoryUpdated, memory: toHostMemory(done.memory) } },
    );
    return done.memory;
  }

  /** A host's change: approved / flagged set, or featured on or off. */
  async moderate(
    memoryId: string,
    change: Extract<MemoryChange, { kind: 'moderate' | 'feature' }>,
  ): Promise<Memory | null> {
    const done = await this.memories.transition(memoryId, change);
    if (!done) return null;
    await this.live.publish(done.memory.eventId, moderation(done.before, done.memory));
    return done.memory;
  }

  /** Reject or remove: the memory is deleted (its images are the caller's). */
  async remove(memoryId: string): Promise<Memory | null> {
    const removed = await this.memories.remove(memoryId);
    if (!removed) return null;
    const removal = { type: LiveMessageType.MemoryDelete, memoryId: removed.id } as const;
    await this.live.publish(removed.eventId, {
      hosts: removal,
      ...(isOnPublicWall(removed) ? { public: removal } : {}),
    });
    return removed;
  }

  private async finishAs(memoryId: string, change: MemoryChange): Promise<Memory | null> {
    const done = await this.memories.transition(memoryId, change);
    if (!done) return null;
    await this.announceFinished(done.memory);
    return done.memory;
  }
}

/** An approval: the memory goes on the wall, and the hosts see it approved. */
function approval(memory: Memory): LiveChange {
  return {
    public: { type: LiveMessageType.MemoryApproved, memory: toPublicMemory(memory) },
    hosts: { type: LiveMessageType.MemoryApproved, memory: toHostMemory(memory) },
  };
}

/** A host's change as each feed hears it: the wall only of what it shows, before or after. */
function moderation(before: MemoryState, memory: Memory): LiveChange {
  const hosts = { type: LiveMessageType.MemoryUpdated, memory: toHostMemory(memory) } as const;
  const wasPublic = isOnPublicWall(before);
  if (isOnPublicWall(memory)) {
    const type = wasPublic ? LiveMessageType.MemoryUpdated : LiveMessageType.MemoryApproved;
    return { hosts, public: { type, memory: toPublicMemory(memory) } };
  }
  return wasPublic ? { hosts, public: { type: LiveMessageType.MemoryDelete, memoryId: memory.id } } : { hosts };
}
