import type { EntityManager } from 'typeorm';
import {
  DomainErrorCode,
  DomainEventName,
  EventMessages,
  EventStatus,
  KeepsakeJobData,
  statusChangeRefused,
} from '@memory-wall/contracts';
import { CreditLedger, DomainError, Event, InMemoryEventRepository } from '@memory-wall/core';
import type { KeepsakeRequests } from '../keepsakes/keepsake-requests';
import { EventTransitions } from './event-transitions';

const EVENT_ID = '7d4f4a57-3a4c-4d7e-9a51-0f7c2f8f0a11';
const PROVIDER_ID = '0b8a3c52-1d1e-4a6f-8f63-3c1d2b7e9a40';
const HOST_ID = 'c3d2b7e9-a401-4a6f-8f63-0b8a3c521d1e';
const KEEPSAKE: KeepsakeJobData = { keepsakeId: 'k1', eventId: EVENT_ID, generation: 1 };

/**
 * EventTransitions over the in-memory events, a ledger that charges (or, with `credits: 0`, refuses) and
 * keepsake requests that record one build; the outbox rows it writes in the transaction are collected.
 */
function transitionsFor(status: EventStatus, { credits = 1 } = {}) {
  const events = new InMemoryEventRepository();
  events.add({ id: EVENT_ID, status, serviceProviderId: PROVIDER_ID, name: 'Anna & Ben' });
  const charged: string[] = [];
  const ledger = {
    chargeForEvent: async (_tx: EntityManager, event: Event) => {
      if (credits < 1) throw new DomainError(DomainErrorCode.NotEnoughCredits, EventMessages.notEnoughCredits);
      charged.push(event.id);
      event.creditChargedAt = new Date();
    },
  } as unknown as CreditLedger;
  const keepsakes = { recordInTransaction: async () => [KEEPSAKE] } as unknown as KeepsakeRequests;
  const recorded: Array<{ name: string; payload: unknown }> = [];
  const tx = {
    insert: async (_entity: unknown, row: { name: string; payload: unknown }) => void recorded.push(row),
  } as unknown as EntityManager;
  const transitions = new EventTransitions(events, ledger, keepsakes);
  const change = async (to: EventStatus) => transitions.change(tx, (await events.findById(EVENT_ID))!, to, HOST_ID);
  return { events, change, charged, recorded };
}

describe('EventTransitions', () => {
  it('publishes a draft: charges its credit once and stores it live with the charge, announcing it', async () => {
    const { events, change, charged, recorded } = transitionsFor(EventStatus.Draft);
    await expect(change(EventStatus.Live)).resolves.toEqual({ keepsakes: [] });
    expect(charged).toEqual([EVENT_ID]);
    expect(await events.findById(EVENT_ID)).toMatchObject({
      status: EventStatus.Live,
      isPublished: true,
      creditChargedAt: expect.any(Date),
    });
    expect(recorded).toEqual([
      { name: DomainEventName.EventPublished, payload: { eventId: EVENT_ID, serviceProviderId: PROVIDER_ID } },
    ]);
  });

  it('leaves a draft as it is when its provider has no credit left', async () => {
    const { events, change, recorded } = transitionsFor(EventStatus.Draft, { credits: 0 });
    await expect(change(EventStatus.Live)).rejects.toMatchObject({ code: DomainErrorCode.NotEnoughCredits });
    expect(await events.findById(EVENT_ID)).toMatchObject({ status: EventStatus.Draft, creditChargedAt: null });
    expect(recorded).toEqual([]);
  });

  it('completes a live event with its keepsakes recorded, for the caller to enqueue after the commit', async () => {
    const { events, change, charged, recorded } = transitionsFor(EventStatus.Live);
    await expect(change(EventStatus.Completed)).resolves.toEqual({ keepsakes: [KEEPSAKE] });
    expect((await events.findById(EVENT_ID))?.status).toBe(EventStatus.Completed);
    expect(recorded).toEqual([{ name: DomainEventName.EventCompleted, payload: { eventId: EVENT_ID } }]);
    expect(charged).toEqual([]);
  });

  it('does nothing when the event already has the status asked for', async () => {
    const { events, change, recorded } = transitionsFor(EventStatus.Live);
    const before = await events.findById(EVENT_ID);
    await expect(change(EventStatus.Live)).resolves.toEqual({ keepsakes: [] });
    expect(await events.findById(EVENT_ID)).toEqual(before);
    expect(recorded).toEqual([]);
  });

  it.each([
    [EventStatus.Draft, EventStatus.Completed],
    [EventStatus.Completed, EventStatus.Live],
    [EventStatus.Live, EventStatus.Draft],
  ])('refuses %s to %s with 409, changing nothing', async (from, to) => {
    const { events, change, recorded } = transitionsFor(from);
    await expect(change(to)).rejects.toEqual(new DomainError(DomainErrorCode.Conflict, statusChangeRefused(from, to)));
    expect((await events.findById(EVENT_ID))?.status).toBe(from);
    expect(recorded).toEqual([]);
  });
});
