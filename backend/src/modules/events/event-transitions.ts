import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import {
  DomainErrorCode,
  DomainEventName,
  EventStatus,
  KeepsakeJobData,
  statusChangeRefused,
} from '@memory-wall/contracts';
import { CreditLedger, DomainError, Event, EventRepository, recordDomainEvent } from '@memory-wall/core';
import { KeepsakeRequests } from '../keepsakes/keepsake-requests';

/** What a status change leaves the caller to do once its transaction committed. */
export interface AfterCommit {
  /** Keepsake builds recorded with the change, to enqueue. */
  keepsakes: KeepsakeJobData[];
}

/** An event's status changes: draft to live (charged once), live to completed; nothing else. */
@Injectable()
export class EventTransitions {
  constructor(
    private readonly events: EventRepository,
    private readonly ledger: CreditLedger,
    private readonly keepsakes: KeepsakeRequests,
  ) {}

  /**
   * Moves the event to `to`, or refuses with 409. The caller holds the event row locked, and hands the answer
   * to `afterCommit` once its transaction committed.
   */
  async change(tx: EntityManager, event: Event, to: EventStatus, actingUserId: string): Promise<AfterCommit> {
    const nothing: AfterCommit = { keepsakes: [] };
    if (event.status === to) return nothing;
    if (event.status === EventStatus.Draft && to === EventStatus.Live) {
      await this.publish(tx, event, actingUserId);
      return nothing;
    }
    if (event.status === EventStatus.Live && to === EventStatus.Completed) {
      await this.events.within(tx).update(event.id, { status: EventStatus.Completed, completedAt: new Date() });
      await recordDomainEvent(tx, DomainEventName.EventCompleted, { eventId: event.id });
      // The keepsakes are recorded with the completion, so a crash between the two cannot lose them.
      return { keepsakes: await this.keepsakes.recordInTransaction(tx, event.id) };
    }
    throw new DomainError(DomainErrorCode.Conflict, statusChangeRefused(event.status, to));
  }

  async afterCommit(done: AfterCommit): Promise<void> {
    await this.keepsakes.enqueue(done.keepsakes);
  }

  /** Draft to live, charging the event's credit once. The caller holds the event row locked. */
  async publish(tx: EntityManager, event: Event, actingUserId: string) {
    await this.ledger.chargeForEvent(tx, event, actingUserId);
    event.status = EventStatus.Live;
    event.isPublished = true;
    const { status, isPublished, creditChargedAt } = event;
    await this.events.within(tx).update(event.id, { status, isPublished, creditChargedAt });
    await recordDomainEvent(tx, DomainEventName.EventPublished, {
      eventId: event.id,
      serviceProviderId: event.serviceProviderId,
    });
  }
}
