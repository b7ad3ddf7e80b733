import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  OneToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from './user.entity';

@Entity('service_providers')
@Check('service_providers_credits_not_negative', '"availableCredits" >= 0')
export class ServiceProvider {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** One provider profile per user (the one-to-one join makes it unique). */
  @Column({ type: 'uuid' })
  userId: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Column({ type: 'varchar', length: 200 })
  companyName: string;

  @Column({ type: 'jsonb' })
  serviceTypes: string[];

  @Column({ type: 'boolean', default: false })
  verified: boolean;

  /** Cached balance; always equal to the sum of this provider's credit_transactions, so it starts at 0. */
  @Column({ type: 'int', default: 0 })
  availableCredits: number;

  @Column({ type: 'int', default: 0 })
  totalCreditsUsed: number;

  @Column({ type: 'int', default: 0 })
  totalCreditsPurchased: number;

  /** Days its events keep their media after completion; null: the configured RETENTION_DAYS. */
  @Column({ type: 'int', nullable: true })
  retentionDays: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
