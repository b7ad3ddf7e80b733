import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainErrorCode, EventStatus, statusChangeRefused } from '@memory-wall/contracts';
import { CreditLedger, DomainError, Event } from '@memory-wall/core';

/** An event's status changes: draft to live (charged once), live to completed; nothing else. */
@Injectable()
export class EventTransitions {
  constructor(private readonly ledger: CreditLedger) {}

  /** Moves the event to `to`, or refuses with 409. The caller holds the event row locked. */
  async change(tx: EntityManager, event: Event, to: EventStatus, actingUserId: string) {
    if (event.status === to) return;
    if (event.status === EventStatus.Draft && to === EventStatus.Live) return this.publish(tx, event, actingUserId);
    if (event.status === EventStatus.Live && to === EventStatus.Completed) {
      await tx.update(Event, { id: event.id }, { status: EventStatus.Completed });
      return;
    }
    throw new DomainError(DomainErrorCode.Conflict, statusChangeRefused(event.status, to));
  }

  /** Draft to live, charging the event's credit once. The caller holds the event row locked. */
  async publish(tx: EntityManager, event: Event, actingUserId: string) {
    await this.ledger.chargeForEvent(tx, event, actingUserId);
    event.status = EventStatus.Live;
    event.isPublished = true;
    await tx.update(Event, { id: event.id }, { status: EventStatus.Live, isPublished: true });
  }
}
