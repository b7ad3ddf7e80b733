import {
  DomainErrorCode,
  HeldReason,
  LiveMessageType,
  MemoryMessages,
  ProcessingState,
  Role,
} from '@memory-wall/contracts';
import {
  DomainError,
  InMemoryEventRepository,
  InMemoryMemoryRepository,
  MemoryLifecycle,
  memoryObjectKeys,
  OPEN_SCREENS,
  type EventAdmin,
  type LiveChange,
  type LivePublisher,
  type Memory,
  type ObjectStorage,
} from '@memory-wall/core';
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
  const events = new InMemoryEventRepository();
  events.add({ id: EVENT_ID });
  const admins = { findOneBy: admin } as unknown as Repository<EventAdmin>;
  return new MemoryModerationService(
    memories,
    new MemoryLifecycle(memories, {} as LivePublisher, OPEN_SCREENS),
    new EventAccess(events, admins),
    {} as ObjectStorage,
  );
}

describe('MemoryModerationService.moderatable', () => {
  it('answers 404 for a memory of an event the caller may not moderate, so ids reveal nothing', async () => {
    await expect(moderationWith(async () => null).moderatable(CUSTOMER, MEMORY_ID)).rejects.toEqual(
      new DomainError(DomainErrorCode.NotFound, MemoryMessages.memoryNotFound),
    );
  });

  it('lets a failure to decide (the database away) through, not as 404', async () => {
    const outage = new Error('Connection terminated unexpectedly');
    await expect(moderationWith(() => Promise.reject(outage)).moderatable(CUSTOMER, MEMORY_ID)).rejects.toBe(outage);
  });
});

describe('MemoryModerationService over the in-memory memories', () => {
  const HOST = { userId: 'h1', role: Role.Customer } as Session;
  const mayModerate = { manageable: async () => undefined } as unknown as EventAccess;

  function moderation(state: Partial<Memory>, memories = new InMemoryMemoryRepository()) {
    memories.add({ id: MEMORY_ID, eventId: EVENT_ID, processingState: ProcessingState.Ready, ...state });
    const published: LiveChange[] = [];
    const live = {
      publish: async (_eventId: string, change: LiveChange) => void published.push(change),
    } as LivePublisher;
    const removed: string[] = [];
    const storage = { remove: async (key: string) => void removed.push(key) } as unknown as ObjectStorage;
    return {
      service: new MemoryModerationService(
        memories,
        new MemoryLifecycle(memories, live, OPEN_SCREENS),
        mayModerate,
        storage,
      ),
      memories,
      published,
      removed,
    };
  }

  it('refuses to approve a memory still being processed, or one that failed, with 409 saying which', async () => {
    await expect(
      moderation({ processingState: ProcessingState.Processing }).service.approve(HOST, MEMORY_ID),
    ).rejects.toEqual(new DomainError(DomainErrorCode.Conflict, MemoryMessages.stillProcessing));
    await expect(
      moderation({ processingState: ProcessingState.Failed }).service.approve(HOST, MEMORY_ID),
    ).rejects.toEqual(new DomainError(DomainErrorCode.Conflict, MemoryMessages.processingFailed));
  });

  it('puts an approved memory on the wall: the wall hears it arrive, the hosts hear it changed', async () => {
    const { service, published } = moderation({ moderation: { reason: HeldReason.ManualReview } });
    expect(await service.approve(HOST, MEMORY_ID)).toMatchObject({ approved: true, flagged: false });
    expect(published.map((c) => [c.public?.type, c.hosts.type])).toEqual([
      [LiveMessageType.MemoryApproved, LiveMessageType.MemoryUpdated],
    ]);
  });

  it('takes a flagged memory off the wall, and tells the wall nothing of flagging a pending one', async () => {
    const onWall = moderation({ approved: true });
    await onWall.service.flag(HOST, MEMORY_ID);
    const pending = moderation({ approved: false });
    await pending.service.flag(HOST, MEMORY_ID);
    expect([...onWall.published, ...pending.published].map((c) => [c.public?.type, c.hosts.type])).toEqual([
      [LiveMessageType.MemoryDelete, LiveMessageType.MemoryUpdated],
      [undefined, LiveMessageType.MemoryUpdated],
    ]);
  });

  it('features only a memory on the wall, judged again when it changed meanwhile (flagged by another host)', async () => {
    const memories = new InMemoryMemoryRepository();
    const { service, published } = moderation({ approved: true }, memories);
    const transition = memories.transition.bind(memories);
    jest.spyOn(memories, 'transition').mockImplementationOnce(async (id, change) => {
      memories.rows.get(id)!.flagged = true;
      return transition(id, change);
    });
    await expect(service.toggleFeatured(HOST, MEMORY_ID)).rejects.toEqual(
      new DomainError(DomainErrorCode.Conflict, MemoryMessages.notApproved),
    );
    expect(await memories.findById(MEMORY_ID)).toMatchObject({ featured: false, flagged: true });
    expect(published).toEqual([]);
  });

  it('removes a memory on the wall from both feeds, and its stored objects', async () => {
    const { service, memories, published, removed } = moderation({ approved: true });
    await service.remove(HOST, MEMORY_ID);
    expect(await memories.findById(MEMORY_ID)).toBeNull();
    expect(published.map((c) => [c.public?.type, c.hosts.type])).toEqual([
      [LiveMessageType.MemoryDelete, LiveMessageType.MemoryDelete],
    ]);
    // The original and every rendition a memory of any type may have (a clip's MP4 and frames too).
    expect(removed.sort()).toEqual(memoryObjectKeys(EVENT_ID, MEMORY_ID).sort());
  });
});
