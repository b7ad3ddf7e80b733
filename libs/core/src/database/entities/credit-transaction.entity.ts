import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { TransactionType, TRANSACTION_TYPES } from '@memory-wall/contracts';
import { ServiceProvider } from './service-provider.entity';
import { User } from './user.entity';

/** The credit ledger: append-only; a provider's balance is the sum of its rows. */
@Entity('credit_transactions')
@Index('credit_transactions_provider_created', ['serviceProviderId', 'createdAt'])
@Index('credit_transactions_created', ['createdAt'])
@Index('credit_transactions_payment_intent_once', ['stripePaymentIntentId'], {
  unique: true,
  where: '"stripePaymentIntentId" IS NOT NULL',
})
@Index('credit_transactions_event_charged_once', { synchronize: false })
export class CreditTransaction {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Column({ type: 'uuid' })
  serviceProviderId: string;

  @ManyToOne(() => ServiceProvider, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'serviceProviderId' })
  serviceProvider?: ServiceProvider;

  /** Signed: purchases and promotions add, event creation subtracts. */
  @Column({ type: 'int' })
  amount: number;

  @Column({ type: 'enum', enum: TRANSACTION_TYPES, enumName: 'credit_transaction_type' })
  transactionType: TransactionType;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripePaymentIntentId: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
