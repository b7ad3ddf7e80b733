import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import { KEEPSAKE_KINDS, KEEPSAKE_STATUSES, KeepsakeKind, KeepsakeStatus } from '@memory-wall/contracts';
import { Event } from './event.entity';

/** PostgreSQL answers bigint as text; sizes stay far below 2^53. */
const bigintAsNumber = {
  to: (value: number | null) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * One keepsake of an event per kind (its archive, its book in each paper size): the latest build's state.
 * A new request bumps `generation`, so a job of an older request knows it was superseded.
 */
@Entity('keepsakes')
@Unique('keepsakes_event_kind', ['eventId', 'kind'])
export class Keepsake {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  eventId: string;

  @ManyToOne(() => Event, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'eventId' })
  event?: Event;

  @Column({ type: 'enum', enum: KEEPSAKE_KINDS, enumName: 'keepsake_kind' })
  kind: KeepsakeKind;

  @Column({ type: 'enum', enum: KEEPSAKE_STATUSES, enumName: 'keepsake_status', default: KeepsakeStatus.Queued })
  status: KeepsakeStatus;

  @Column({ type: 'int', default: 1 })
  generation: number;

  /** Percent of the memories written. */
  @Column({ type: 'int', default: 0 })
  progress: number;

  /** Where the finished file is; null until one is. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  objectKey: string | null;

  @Column({ type: 'bigint', nullable: true, transformer: bigintAsNumber })
  size: number | null;

  /** Storage keys that were missing when it was built (left out, listed in the keepsake's report). */
  @Column({ type: 'jsonb', default: [] })
  missing: string[];

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** When hosts (or the event's completion) last asked for it: requests are limited per event. */
  @Column({ type: 'timestamptz' })
  requestedAt: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
