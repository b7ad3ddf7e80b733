import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DisplayOrder, isMostlyChinese, MemoryType, PublicMemory, SubmissionResponse } from '@memory-wall/contracts';
import { Memory, MemoryQueue, toPublicMemory } from '@memory-wall/core';
import { EventsService } from '../events/events.service';
import { CreateMessageSubmissionDto } from './dto/create-message-submission.dto';

/** Spec §9: a presentation shows at most 500 memories. */
export const WALL_LIMIT = 500;

@Injectable()
export class MemoriesService {
  constructor(
    @InjectRepository(Memory) private readonly memories: Repository<Memory>,
    private readonly events: EventsService,
    private readonly queue: MemoryQueue,
  ) {}

  /**
   * Stores the memory durably (state 'processing'), then hands it to the workers. The row is the record of
   * the work: if Redis is unreachable now, the workers' outbox sweeper enqueues it once Redis is back.
   */
  async submitMessage(eventId: string, dto: CreateMessageSubmissionDto): Promise<SubmissionResponse> {
    await this.events.getAcceptingMemories(eventId);
    const memory = await this.memories.save(
      this.memories.create({
        eventId,
        type: MemoryType.Message,
        content: dto.message,
        title: dto.title || null,
        author: dto.name,
        language: isMostlyChinese(dto.message) ? 'zh' : 'en',
      }),
    );
    await this.queue.tryEnqueue(memory.id);
    return { success: true, memory: { id: memory.id, eventId, approved: memory.approved } };
  }

  /** The public wall of a published event: approved, unflagged memories only. */
  async listPublic(eventId: string, order: DisplayOrder = DisplayOrder.Newest): Promise<PublicMemory[]> {
    await this.events.getPublished(eventId);
    const rows = await this.memories.find({
      where: { eventId, approved: true, flagged: false },
      order: { createdAt: order === DisplayOrder.Oldest ? 'ASC' : 'DESC' },
      take: WALL_LIMIT,
    });
    const list = rows.map(toPublicMemory);
    return order === DisplayOrder.Random ? shuffle(list) : list;
  }
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}
