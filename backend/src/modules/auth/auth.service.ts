import { Injectable } from '@nestjs/common';
import {
  AuthMessages,
  DomainErrorCode,
  passwordProblem,
  Role,
  SessionUser,
  UserProfile,
  WELCOME_CREDITS,
} from '@memory-wall/contracts';
import { UsersService } from '../users/users.service';
import { RegisterDto } from './dto/register.dto';
import { LoginDto } from './dto/login.dto';
import { LoginThrottle } from './login-throttle';
import { RegistrationThrottle } from './registration-throttle';
import { SessionStore } from './session.store';
import { DomainError, hashPassword, verifyPassword } from '@memory-wall/core';

export interface SignedIn {
  user: SessionUser;
  sessionId: string;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionStore,
    private readonly throttle: LoginThrottle,
    private readonly registrations: RegistrationThrottle,
  ) {}

  async login(dto: LoginDto, address: string, previousSessionId?: string): Promise<SignedIn> {
    const user = await this.users.findForLogin(dto.emailOrUsername);
    // One counter per account whether it is named by username or email; unknown names by their
    // canonical form, so the answer is the same whether or not the account exists.
    const account = user ? `user:${user.id}` : `name:${dto.emailOrUsername.normalize('NFKC').trim().toLowerCase()}`;
    const attempt = await this.throttle.begin(account, address);
    try {
      // Verify even without a user, so a wrong username takes as long as a wrong password.
      const valid = await verifyPassword(user?.password ?? DUMMY_HASH, dto.password).catch(() => false);
      if (!user || !valid) throw new DomainError(DomainErrorCode.Unauthenticated, AuthMessages.invalidCredentials);
      await attempt.succeeded();
    } finally {
      await attempt.finished();
    }
    await this.users.recordLogin(user.id, dto.language);
    return this.startSession(user.id, previousSessionId);
  }

  async register(dto: RegisterDto, address: string, previousSessionId?: string): Promise<SignedIn> {
    const role = dto.role ?? Role.Guest;
    const fields: Record<string, string> = {};
    const problem = passwordProblem(role, dto.password);
    if (problem) fields.password = problem;
    if (dto.password !== dto.passwordConfirm) fields.passwordConfirm = AuthMessages.passwordsDoNotMatch;
    if (role === Role.ServiceProvider) Object.assign(fields, providerProfileProblems(dto.profileData));
    if (Object.keys(fields).length) throw DomainError.ofFields(DomainErrorCode.Invalid, fields);

    await this.registrations.admit(address);
    const welcome = role === Role.ServiceProvider && (await this.registrations.takeWelcomeGrant(address));
    try {
      const user = await this.users.register(
        { ...dto, role },
        await hashPassword(dto.password),
        welcome ? WELCOME_CREDITS : 0,
      );
      return await this.startSession(user.id, previousSessionId);
    } catch (err) {
      if (welcome) await this.registrations.returnWelcomeGrant(address);
      throw err;
    }
  }

  /** A fresh session id at every sign-in: an id planted before login is worth nothing after it. */
  async startSession(userId: string, previousSessionId?: string): Promise<SignedIn> {
    if (previousSessionId) await this.sessions.destroy(previousSessionId);
    const user = await this.users.getSessionUser(userId);
    const sessionId = await this.sessions.create({
      userId,
      role: user.role,
      serviceProviderId: user.serviceProvider?.id ?? null,
    });
    return { user, sessionId };
  }

  logout(sessionId?: string) {
    return sessionId ? this.sessions.destroy(sessionId) : Promise.resolve();
  }
}

/** A service provider names its company and what it serves (the owner's providers table shows both). */
function providerProfileProblems(profile: UserProfile | undefined): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!profile?.companyName) problems['profileData.companyName'] = AuthMessages.companyNameRequired;
  if (!profile?.serviceTypes?.length) problems['profileData.serviceTypes'] = AuthMessages.serviceTypesRequired;
  return problems;
}

/** An argon2id hash of a random string, verified against when the account does not exist. */
const DUMMY_HASH = '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$Wc9mR0c1x3Jm2Qy1nq0ZB1qX3B1u0F8Xl6YbYj8k1sY';
