import {
  BeforeInsert,
  BeforeUpdate,
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Role, ROLES, UserProfile } from '@memory-wall/contracts';
import { usernameSkeleton } from '../../users/username-skeleton';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Stored lower-cased. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ type: 'varchar', length: 64, unique: true })
  username: string;

  /** What the username looks like (usernameSkeleton); unique, so no two accounts have confusable names. */
  @Column({ type: 'varchar', length: 256, unique: true, select: false })
  usernameSkeleton: string;

  /** argon2id hash; never selected unless asked for. */
  @Column({ type: 'varchar', length: 255, select: false })
  password: string;

  @Column({ type: 'enum', enum: ROLES, enumName: 'user_role', default: Role.Guest })
  role: Role;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  profileData: UserProfile;

  @Column({ type: 'int', default: 0 })
  credits: number;

  /** The language the user last used the console in (one of LANGUAGES): their mail is written in it. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  language: string | null;

  @Column({ type: 'varchar', length: 32, default: 'free' })
  subscriptionTier: string;

  @Column({ type: 'varchar', length: 32, default: 'none' })
  subscriptionStatus: string;

  @Column({ type: 'timestamptz', nullable: true })
  subscriptionExpiresAt: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripeCustomerId: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripeSubscriptionId: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** Every account saved through TypeORM carries its username's skeleton, whichever module creates it. */
  @BeforeInsert()
  @BeforeUpdate()
  protected setUsernameSkeleton() {
    if (this.username !== undefined) this.usernameSkeleton = usernameSkeleton(this.username);
  }
}
