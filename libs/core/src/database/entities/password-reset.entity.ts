import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A requested password reset. Only the token's SHA-256 is stored; the token itself is an HMAC of the row's
 * id under SESSION_SECRET, which the workers compute again to mail it (so neither the table nor the domain
 * event holds a usable token).
 */
@Entity('password_resets')
@Index('password_resets_token_hash', ['tokenHash'], { unique: true })
export class PasswordReset {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'password_resets_pkey' })
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
