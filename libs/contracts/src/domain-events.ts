/**
 * Domain events: what happened in a module, recorded in the `domain_events` outbox table in the same
 * transaction as the change, then relayed to BullMQ (the domain-events queue, one job per event, its id the
 * event's) for the workers' handlers. One name → payload map, like the jobs' in queues.ts.
 */
import type { MemoryType, Role } from './enums';

export const DomainEventName = {
  UserRegistered: 'user.registered',
  PasswordResetRequested: 'password.reset-requested',
  EventPublished: 'event.published',
  EventCompleted: 'event.completed',
  KeepsakeReady: 'keepsake.ready',
  MemorySubmitted: 'memory.submitted',
  MemoryApproved: 'memory.approved',
  CreditsPurchased: 'credits.purchased',
  CreditsAdjusted: 'credits.adjusted',
} as const;
export type DomainEventName = (typeof DomainEventName)[keyof typeof DomainEventName];
export const DOMAIN_EVENT_NAMES = Object.values(DomainEventName);

export interface DomainEventPayloads {
  [DomainEventName.UserRegistered]: { userId: string; role: Role };
  /** The token is not in it: the workers derive it from the reset's id and the server's secret. */
  [DomainEventName.PasswordResetRequested]: { userId: string; resetId: string; language: string };
  [DomainEventName.EventPublished]: { eventId: string; serviceProviderId: string | null };
  [DomainEventName.EventCompleted]: { eventId: string };
  /** One build of a keepsake (its generation) finished and can be downloaded. */
  [DomainEventName.KeepsakeReady]: { keepsakeId: string; eventId: string; generation: number };
  [DomainEventName.MemorySubmitted]: { memoryId: string; eventId: string; type: MemoryType };
  /** The memory reached the public wall (approved, not flagged, processed) for the first time or again. */
  [DomainEventName.MemoryApproved]: { memoryId: string; eventId: string };
  [DomainEventName.CreditsPurchased]: {
    serviceProviderId: string;
    creditTransactionId: string;
    userId: string | null;
    credits: number;
    packName: string;
    amountPaidCents: number;
    currency: string;
  };
  [DomainEventName.CreditsAdjusted]: { serviceProviderId: string; creditTransactionId: string; amount: number };
}

/** A domain event as recorded and as its job carries it. */
export interface DomainEvent<N extends DomainEventName = DomainEventName> {
  id: string;
  name: N;
  payload: DomainEventPayloads[N];
  occurredAt: string;
}
