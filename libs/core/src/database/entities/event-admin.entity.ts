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
import { Event } from './event.entity';
import { User } from './user.entity';

export interface EventAdminPermissions {
  canModerate: boolean;
  canEditTheme: boolean;
  canEditDetails: boolean;
}

export const DEFAULT_EVENT_ADMIN_PERMISSIONS: EventAdminPermissions = {
  canModerate: true,
  canEditTheme: true,
  canEditDetails: false,
};

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
  @Column({ type: 'jsonb', default: DEFAULT_EVENT_ADMIN_PERMISSIONS })
  permissions: EventAdminPermissions;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
