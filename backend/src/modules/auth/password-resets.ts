import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { IsNull } from 'typeorm';
import { DataSource } from 'typeorm';
import { AuthMessages, DomainEventName, ownPasswordProblem, DomainErrorCode } from '@memory-wall/contracts';
import {
  AppConfig,
  PASSWORD_RESET_TTL_MS,
  PasswordReset,
  passwordResetToken,
  passwordResetTokenHash,
  recordDomainEvent,
  User,
  DomainError,
  hashPassword,
} from '@memory-wall/core';
import { consumeIfAllowed, consumeOrRefuse, RateLimits } from '../../common/rate-limits';
import { UsersService } from '../users/users.service';
import { PasswordResetDto, PasswordResetRequestDto } from './dto/password-reset.dto';
import { SessionStore } from './session.store';

/** Requests one client address may make per hour (a 429 past it: that says nothing about any account). */
const REQUESTS_PER_ADDRESS_PER_HOUR = 10;
/** Mails one account may be sent per hour; further requests are answered alike and send nothing. */
const MAILS_PER_ACCOUNT_PER_HOUR = 3;

const refused = (message: string) => DomainError.ofFields(DomainErrorCode.Invalid, { token: message });

/**
 * "Forgot password?" for every role: a request records a reset (its token's hash only) and the
 * password.reset-requested domain event in one transaction, and the workers mail the link. The answer is the
 * same whether or not the account exists. A token works once, for 30 minutes, for its own account only;
 * using it ends every session of that account and closes its other open resets.
 */
@Injectable()
export class PasswordResets {
  private readonly perAddress: RateLimiterRedis;
  private readonly perAccount: RateLimiterRedis;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    limits: RateLimits,
    private readonly users: UsersService,
    private readonly sessions: SessionStore,
  ) {
    this.perAddress = limits.perWindow('password-reset-address', REQUESTS_PER_ADDRESS_PER_HOUR, 3600);
    this.perAccount = limits.perWindow('password-reset-account', MAILS_PER_ACCOUNT_PER_HOUR, 3600);
  }

  async request(dto: PasswordResetRequestDto, address: string): Promise<void> {
    await consumeOrRefuse(this.perAddress, address, AuthMessages.tooManyResetRequests);
    const user = await this.users.findForLogin(dto.emailOrUsername);
    if (!user || !(await this.mayMail(user.id))) return;
    await this.dataSource.transaction(async (tx) => {
      const id = randomUUID();
      await tx.insert(PasswordReset, {
        id,
        userId: user.id,
        tokenHash: passwordResetTokenHash(passwordResetToken(this.config.SESSION_SECRET, id)),
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
      });
      await recordDomainEvent(tx, DomainEventName.PasswordResetRequested, {
        userId: user.id,
        resetId: id,
        language: dto.language ?? '',
      });
    });
  }

  private mayMail(userId: string): Promise<boolean> {
    return consumeIfAllowed(this.perAccount, userId);
  }

  /** Sets the new password; a token that is unknown, used or expired is refused (400) and nothing changes. */
  async reset(dto: PasswordResetDto): Promise<void> {
    const userId = await this.dataSource.transaction(async (tx) => {
      const reset = await tx.findOne(PasswordReset, {
        where: { tokenHash: passwordResetTokenHash(dto.token) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!reset) throw refused(AuthMessages.resetLinkInvalid);
      if (reset.usedAt) throw refused(AuthMessages.resetLinkUsed);
      if (reset.expiresAt.getTime() <= Date.now()) throw refused(AuthMessages.resetLinkExpired);
      const user = await tx.findOneBy(User, { id: reset.userId });
      if (!user) throw refused(AuthMessages.resetLinkInvalid);
      const fields: Record<string, string> = {};
      const problem = ownPasswordProblem(user.role, dto.password);
      if (problem) fields.password = problem;
      if (dto.password !== dto.passwordConfirm) fields.passwordConfirm = AuthMessages.ownPasswordMismatch;
      if (Object.keys(fields).length) throw DomainError.ofFields(DomainErrorCode.Invalid, fields);
      await tx.update(User, { id: user.id }, { password: await hashPassword(dto.password) });
      await tx.update(PasswordReset, { userId: user.id, usedAt: IsNull() }, { usedAt: new Date() });
      return user.id;
    });
    await this.sessions.destroyAllOf(userId);
  }
}
