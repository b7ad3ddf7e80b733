import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  Unique,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import {
  MEMORY_TYPES,
  MemoryMedia,
  MemoryModeration,
  MemoryType,
  PROCESSING_STATES,
  ProcessingState,
} from '@memory-wall/contracts';
import { Event } from './event.entity';

@Entity('memories')
/** The public wall: an event's memories on it (FILTER_PATTERNS.approved) in its order (time, then id). */
@Index('memories_wall', ['eventId', 'createdAt', 'id'], {
  where: `"approved" AND NOT "flagged" AND "processingState" = 'ready'`,
})
/** Host views: everything of an event by time. */
@Index('memories_event_created', ['eventId', 'createdAt'])
/** The moderators' pending list. */
@Index('memories_pending', ['eventId', 'createdAt'], { where: 'NOT "approved" AND NOT "flagged"' })
/** The outbox sweep: memories whose job has not run yet. */
@Index('memories_processing', ['createdAt'], { where: `"processingState" = 'processing'` })
/** A retried submission is stored once per event (NULLs are distinct: submissions without an id never collide). */
@Unique('memories_submission_once', ['eventId', 'submissionId'])
export class Memory {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  eventId: string;

  @ManyToOne(() => Event, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'eventId' })
  event?: Event;

  @Column({ type: 'enum', enum: MEMORY_TYPES, enumName: 'memory_type', default: 'message' })
  type: MemoryType;

  /** Message text, or for photos and drawings the address of the full-size processed image. */
  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  title: string | null;

  @Column({ type: 'varchar', length: 100 })
  author: string;

  @Column({ type: 'boolean', default: false })
  approved: boolean;

  @Column({ type: 'boolean', default: false })
  featured: boolean;

  @Column({ type: 'boolean', default: false })
  flagged: boolean;

  @Column({ type: 'varchar', length: 8, default: 'en' })
  language: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  photoCaption: string | null;

  /** `byHost`: uploaded by one of the event's hosts, so approved without moderation. */
  @Column({ type: 'jsonb', nullable: true })
  settings: { byHost?: boolean } | null;

  /** Photos and drawings: the processed WebP renditions. */
  @Column({ type: 'jsonb', nullable: true })
  media: MemoryMedia | null;

  @Column({ type: 'enum', enum: PROCESSING_STATES, enumName: 'memory_processing_state', default: 'processing' })
  processingState: ProcessingState;

  /** Why processing or moderation held or failed the memory (shown to moderators). */
  @Column({ type: 'jsonb', nullable: true })
  moderation: MemoryModeration | null;

  /** When the memory reaches the screens: set as it goes on the wall, to then plus the event's screen delay. */
  @Column({ type: 'timestamptz', nullable: true })
  publicAt: Date | null;

  /** Hearts guests gave it, one per device (the devices are in memory_hearts). */
  @Column({ type: 'integer', default: 0 })
  hearts: number;

  /**
   * toPublicMemory as compact JSON text, written by the database whenever a field it carries changes
   * (migration 1764000000000): the public wall joins these instead of serialising rows. Never read as a field.
   */
  @Column({ type: 'text', select: false, insert: false, update: false })
  publicJson?: string;

  /** The client's id of the submission (header x-submission-id), when it sent one. */
  @Column({ type: 'uuid', nullable: true })
  submissionId: string | null;

  /** SHA-256 (hex) of what the submission carried: a repeat of its id must carry the same. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  submissionDigest: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
