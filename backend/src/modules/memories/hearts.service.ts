import { Injectable, Logger } from '@nestjs/common';
import { DomainErrorCode, LiveMessageType, MemoryMessages } from '@memory-wall/contracts';
import { DomainError, HeartCount, LivePublisher, MemoryRepository } from '@memory-wall/core';
import { PublishedEvents } from '../events/published-events';

/** Guests' hearts on the public wall's memories (issue #27). */
@Injectable()
export class HeartsService {
  private readonly logger = new Logger(HeartsService.name);

  constructor(
    private readonly memories: MemoryRepository,
    private readonly events: PublishedEvents,
    private readonly live: LivePublisher,
  ) {}

  /**
   * Counts the device's heart once; a memory that is not public (pending, flagged, still in the screens'
   * delay, of another event) is not found. A new count is announced on both feeds, so every wall, screen
   * and host page shows it, and so the public wall's cached body (versioned by its feed) is built again.
   */
  async heart(eventId: string, memoryId: string, deviceId: string): Promise<HeartCount> {
    await this.events.assertPublished(eventId);
    const result = await this.memories.addHeart(eventId, memoryId, deviceId);
    if (!result) throw new DomainError(DomainErrorCode.NotFound, MemoryMessages.memoryNotFound);
    if (result.counted) {
      const message = { type: LiveMessageType.MemoryHearts, memoryId, hearts: result.hearts } as const;
      // The heart is stored; without Redis it shows when the wall is next read (its cache's maximum age).
      await this.live
        .publish(eventId, { public: message, hosts: message })
        .catch((err: unknown) => this.logger.warn({ err, memoryId }, 'Heart count not announced'));
    }
    return result;
  }
}
