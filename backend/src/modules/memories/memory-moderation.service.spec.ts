import { NotFoundException } from '@nestjs/common';
import { MemoryMessages, Role } from '@memory-wall/contracts';
import { InMemoryMemoryRepository, MemoryLifecycle, type Event, type EventAdmin, type LivePublisher, type ObjectStorage } from '@memory-wall/core';
import type { Repository } from 'typeorm';
import type { Session } from '../auth/session.store';
import { EventAccess } from '../events/event-access';
import { MemoryModerationService } from './memory-moderation.service';

const EVENT_ID = '7d4f4a57-3a4c-4d7e-9a51-0f7c2f8f0a11';
const MEMORY_ID = '0b8a3c52-1d1e-4a6f-8f63-3c1d2b7e9a40';
const CUSTOMER = { userId: 'u1', role: Role.Customer } as Session;

/** The moderation service over stand-ins: the memory exists; the event's admins answer what they are given. */
function moderationWith(admin: () => Promise<EventAdmin | null>) {
  const memories = new InMemoryMemoryRepository();
  memories.add({ id: MEMORY_ID, eventId: EVENT_ID });
  const events = { findOneBy: async () => ({ id: EVENT_ID }) as Event } as unknown as Repository<Event>;
  const admins = { findOneBy: admin } as unknown as Repository<EventAdmin>;
  return new MemoryModerationService(memories, new MemoryLifecycle(memories, {} as LivePublisher), new EventAccess(events, admins), {} as ObjectStorage);
}

describe('MemoryModerationService.moderatable', () => {
  it("answers 404 for a memory of an event the caller may not moderate, so ids reveal nothing", async () => {
    await expect(moderationWith(async () => null).moderatable(CUSTOMER, MEMORY_ID)).rejects.toEqual(new NotFoundException(MemoryMessages.memoryNotFound));
  });

  it('lets a failure to decide (the database away) through, not as 404', async () => {
    const outage = new Error('Connection terminated unexpectedly');
    await expect(moderationWith(() => Promise.reject(outage)).moderatable(CUSTOMER, MEMORY_ID)).rejects.toBe(outage);
  });
});
