import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EventStatus, Messages, PUBLISHED_STATUSES } from '@memory-wall/contracts';
import { Event } from '@memory-wall/core';

@Injectable()
export class EventsService {
  constructor(@InjectRepository(Event) private readonly events: Repository<Event>) {}

  async getOrThrow(id: string): Promise<Event> {
    const event = await this.events.findOneBy({ id });
    if (!event) throw new NotFoundException(Messages.eventNotFound);
    return event;
  }

  /** An event whose wall is public (live or completed); 404 unknown, 403 not published. */
  async getPublished(id: string): Promise<Event> {
    const event = await this.getOrThrow(id);
    if (!PUBLISHED_STATUSES.includes(event.status)) {
      throw new ForbiddenException('This event is not currently available');
    }
    return event;
  }

  /** An event that takes new memories: only a live one. */
  async getAcceptingMemories(id: string): Promise<Event> {
    const event = await this.getOrThrow(id);
    if (event.status !== EventStatus.Live) throw new ForbiddenException(Messages.eventNotAccepting);
    return event;
  }
}
