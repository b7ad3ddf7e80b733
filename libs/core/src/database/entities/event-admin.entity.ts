import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { CustomerPermissions, DEFAULT_CUSTOMER_PERMISSIONS } from '@memory-wall/contracts';
import { Event } from './event.entity';
import { User } from './user.entity';

export type EventAdminPermissions = CustomerPermissions;

/** A customer's access to one event. */
@Entity('event_admins')
@Unique('event_admins_user_event', ['userId', 'eventId'])
@Index('event_admins_event', ['eventId'])
export class EventAdmin {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  eventId: string;

  @ManyToOne(() => Event, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'eventId' })
  event?: Event;

  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  // An object, not SQL text: TypeORM compares jsonb defaults by value, and PostgreSQL re-spaces the text.
  @Column({ type: 'jsonb', default: DEFAULT_CUSTOMER_PERMISSIONS })
  permissions: EventAdminPermissions;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
