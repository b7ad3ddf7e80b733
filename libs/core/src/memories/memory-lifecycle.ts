import { Injectable } from '@nestjs/common';
import {
  isInScreenDelay,
  isOnPublicWall,
  isShownOnScreens,
  LiveMessageType,
  MemoryChange,
  MemoryModeration,
  MemoryState,
  MemoryTransition,
} from '@memory-wall/contracts';
import { Memory } from '../database/entities/memory.entity';
import { LiveChange, LivePublisher } from '../live/live-publisher';
import { ScreenGate } from '../screens/screen-gate';
import { MemoryRepository } from './memory.repository';
import { toHostMemory, toPublicMemory } from './public-memory';

/**
 * Each transition of a memory (libs/contracts memory-state.ts) with what it announces, for the API and the
 * workers alike: the change is a conditional UPDATE (nothing happens when the memory's state no longer allows
 * it, and null is answered), then its announcement is published. The hosts' feed hears every change; the
 * public feed hears a memory arrive on, change on, or leave the wall, never anything else, and only what
 * the screens may show now (ScreenGate): a memory waiting for the screens' delay is announced to them by a
 * delayed job when it has passed (release); while the screens are held or not yet revealed, the public feed
 * hears nothing new (the host's release or reveal makes screens read the wall again).
 */
@Injectable()
export class MemoryLifecycle {
  constructor(
    private readonly memories: MemoryRepository,
    private readonly live: LivePublisher,
    private readonly screens: ScreenGate,
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
    return this.announce(memory, change, `finished:${memory.id}`);
  }

  /**
   * The delayed announcement of a memory whose screens' delay has passed (the ReleaseToScreens job): made
   * once per approval, and only if it is still on the wall and the screens may show it now. False when
   * the delay has not passed yet (the job is tried again).
   */
  async release(memoryId: string): Promise<boolean> {
    const memory = await this.memories.findById(memoryId);
    if (!memory || !isOnPublicWall(memory)) return true;
    if (isInScreenDelay(memory.publicAt)) return false;
    if (!isShownOnScreens(memory.publicAt, await this.screens.state(memory.eventId))) return true;
    await this.live.publish(
      memory.eventId,
      {
        public: { type: LiveMessageType.MemoryApproved, memory: toPublicMemory(memory) },
        hosts: { type: LiveMessageType.MemoryUpdated, memory: toHostMemory(memory) },
      },
      `released:${memory.id}:${memory.publicAt?.getTime() ?? 0}`,
    );
    return true;
  }

  /**
   * Publishes a change, its public part only when the screens may show the memory now; a memory waiting for
   * the screens' delay is released later. A removal is always public: screens drop it at once.
   */
  private async announce(memory: Memory, change: LiveChange, onceAs?: string): Promise<void> {
    if (change.public && change.public.type !== LiveMessageType.MemoryDelete) {
      const state = await this.screens.state(memory.eventId);
      if (!isShownOnScreens(memory.publicAt, state)) {
        if (isInScreenDelay(memory.publicAt)) await this.screens.releaseLater(memory);
        change = { hosts: change.hosts };
      }
    }
    await this.live.publish(memory.eventId, change, onceAs);
  }

  /** AI moderation's verdict on a memory held while it was away; nothing if a host decided meanwhile. */
  async recheck(memoryId: string, approved: boolean, moderation: MemoryModeration | null): Promise<Memory | null> {
    const done = await this.memories.transition(memoryId, { kind: MemoryTransition.Recheck, approved, moderation });
    if (!done) return null;
    await this.announce(
      done.memory,
      approved
        ? approval(done.memory)
        : { hosts: { type: LiveMessageType.MemoryUpdated, memory: toHostMemory(done.memory) } },
    );
    return done.memory;
  }

  /** A host's change: approved / flagged set, featured on or off, or an approval pulled back in its delay. */
  async moderate(
    memoryId: string,
    change: Extract<MemoryChange, { kind: 'moderate' | 'feature' | 'pull_back' }>,
  ): Promise<Memory | null> {
    const done = await this.memories.transition(memoryId, change);
    if (!done) return null;
    await this.announce(done.memory, moderation(done.before, done.memory));
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
  // One still in its delay was never on the screens: pulling it back tells them nothing.
  const wasPublic = isOnPublicWall(before) && !isInScreenDelay(before.publicAt ?? null);
  if (isOnPublicWall(memory)) {
    const type = wasPublic ? LiveMessageType.MemoryUpdated : LiveMessageType.MemoryApproved;
    return { hosts, public: { type, memory: toPublicMemory(memory) } };
  }
  return wasPublic ? { hosts, public: { type: LiveMessageType.MemoryDelete, memoryId: memory.id } } : { hosts };
}
