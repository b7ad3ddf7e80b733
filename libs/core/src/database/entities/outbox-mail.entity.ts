import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Mail "sent" without SMTP_URL: kept here for the owner to read in the console. */
@Entity('mail_outbox')
@Index('mail_outbox_job_once', ['jobId'], { unique: true })
@Index('mail_outbox_created', ['createdAt'])
export class OutboxMail {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'mail_outbox_pkey' })
  id: string;

  /** The mail job's id: a job run again stores its mail once. */
  @Column({ type: 'varchar', length: 200 })
  jobId: string;

  @Column({ type: 'varchar', length: 254 })
  to: string;

  @Column({ type: 'varchar', length: 500 })
  subject: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'text' })
  html: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
