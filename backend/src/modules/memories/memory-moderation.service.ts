import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { IMAGE_RENDITIONS, isOnPublicWall, LiveMessageType, MemoryMessages, ProcessingState, RenditionName } from '@memory-wall/contracts';
import {
  LiveChange,
  LivePublisher,
  Memory,
  ObjectStorage,
  originalKey,
  renditionKey,
  toHostMemory,
  toPublicMemory,
} from '@memory-wall/core';
import type { Session } from '../auth/session.store';
import { EventAccess, isAccessRefusal } from '../events/event-access';

type Flags = Partial<Pick<Memory, 'approved' | 'flagged' | 'featured'>>;

/**
 * The moderators' actions (spec §4 Memory states). Each change is announced: the hosts' feed sees
 * every change; the public feed sees a memory arrive, change or leave the wall, never anything else.
 */
@Injectable()
export class MemoryModerationService {
  constructor(
    @InjectRepository(Memory) private readonly memories: Repository<Memory>,
    private readonly access: EventAccess,
    private readonly live: LivePublisher,
    private readonly storage: ObjectStorage,
  ) {}

  /** A memory of an event the caller may moderate (404 otherwise, so ids reveal nothing). */
  async moderatable(session: Session, memoryId: string): Promise<Memory> {
    const memory = await this.memories.findOneBy({ id: memoryId });
    if (!memory) throw new NotFoundException(MemoryMessages.memoryNotFound);
    await this.access.manageable(session, memory.eventId, ['canModerate']).catch((err: unknown) => {
      throw isAccessRefusal(err) ? new NotFoundException(MemoryMessages.memoryNotFound) : err;
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
    if (!isOnPublicWall(memory)) throw new ConflictException(MemoryMessages.notApproved);
    return this.apply(memory, { featured: !memory.featured });
  }

  async change(session: Session, memoryId: string, flags: Flags): Promise<Memory> {
    const memory = await this.moderatable(session, memoryId);
    if (flags.approved && memory.processingState !== ProcessingState.Ready) {
      throw new ConflictException(
        memory.processingState === ProcessingState.Processing ? 'This memory is still being processed' : 'This memory could not be processed',
      );
    }
    return this.apply(memory, flags);
  }

  /** Reject or remove: the memory and its images are deleted. */
  async remove(session: Session, memoryId: string): Promise<void> {
    const memory = await this.moderatable(session, memoryId);
    await this.memories.delete({ id: memory.id });
    const removal = { type: LiveMessageType.MemoryDelete, memoryId: memory.id } as const;
    await this.live.publish(memory.eventId, { hosts: removal, ...(isOnPublicWall(memory) ? { public: removal } : {}) });
    const keys = [originalKey(memory.eventId, memory.id), ...(Object.keys(IMAGE_RENDITIONS) as RenditionName[]).map((n) => renditionKey(memory.eventId, memory.id, n))];
    await Promise.allSettled(keys.map((key) => this.storage.remove(key)));
  }

  private async apply(memory: Memory, flags: Flags): Promise<Memory> {
    const wasPublic = isOnPublicWall(memory);
    await this.memories.update({ id: memory.id }, flags);
    const updated = Object.assign(memory, flags);
    await this.live.publish(memory.eventId, announcement(wasPublic, updated));
    return updated;
  }
}

function announcement(wasPublic: boolean, memory: Memory): LiveChange {
  const hosts = { type: LiveMessageType.MemoryUpdated, memory: toHostMemory(memory) } as const;
  const nowPublic = isOnPublicWall(memory);
  if (nowPublic) {
    const type = wasPublic ? LiveMessageType.MemoryUpdated : LiveMessageType.MemoryApproved;
    return { hosts, public: { type, memory: toPublicMemory(memory) } };
  }
  return wasPublic ? { hosts, public: { type: LiveMessageType.MemoryDelete, memoryId: memory.id } } : { hosts };
}
