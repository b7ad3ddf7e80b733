import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { DomainEventName } from '@memory-wall/contracts';

/**
 * The outbox of domain events: a row is written in the transaction of the change it records, and the
 * workers' relay hands it to BullMQ (publishedAt set once the job exists). An insert notifies the relay
 * (`NOTIFY domain_events`, sent by PostgreSQL at commit), so it wakes at once instead of at its next poll;
 * the memories' events excepted (see the migration), which the poll takes.
 */
@Entity('domain_events')
@Index('domain_events_unpublished', ['occurredAt'], { where: '"publishedAt" IS NULL' })
export class DomainEventRecord {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'domain_events_pkey' })
  id: string;

  @Column({ type: 'varchar', length: 64 })
  name: DomainEventName;

  @Column({ type: 'jsonb' })
  payload: object;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  occurredAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null;
}

/** Which handler has done its work for which event: a redelivered event finds its row and does nothing. */
@Entity('domain_event_handlings')
export class DomainEventHandling {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'domain_event_handlings_pkey' })
  eventId: string;

  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'domain_event_handlings_pkey' })
  handler: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  handledAt: Date;
}
