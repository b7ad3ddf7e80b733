import type { EntityManager } from 'typeorm';
import { DomainEventName, DomainEventPayloads } from '@memory-wall/contracts';
import { DomainEventRecord } from '../database/entities/domain-event.entity';

/** The channel the outbox's insert trigger notifies at commit (see the DomainEventsAndMail migration). */
export const DOMAIN_EVENTS_CHANNEL = 'domain_events';

/**
 * Records a domain event in the caller's transaction: it exists if and only if the change it describes
 * was committed, and the workers' relay takes it to BullMQ from there.
 */
export async function recordDomainEvent<N extends DomainEventName>(
  tx: EntityManager,
  name: N,
  payload: DomainEventPayloads[N],
): Promise<void> {
  await tx.insert(DomainEventRecord, { name, payload });
}
