import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError, Repository } from 'typeorm';
import {
  AuthMessages,
  DomainErrorCode,
  DomainEventName,
  Language,
  normalizeUsername,
  ownPasswordProblem,
  Role,
  SessionUser,
  WELCOME_CREDITS,
} from '@memory-wall/contracts';
import {
  CreditLedger,
  DomainError,
  EventRepository,
  recordDomainEvent,
  ServiceProvider,
  User,
  usernameSkeleton,
  hashPassword,
  verifyPassword,
} from '@memory-wall/core';
import type { Session } from '../auth/session.store';
import { SessionStore } from '../auth/session.store';
import type { ChangePasswordDto } from '../auth/dto/change-password.dto';
import type { RegisterDto } from '../auth/dto/register.dto';
import { toSessionUser } from './session-user';
import type { UpdateProfileDto } from './dto/update-profile.dto';

const fieldError = (fields: Record<string, string>) => DomainError.ofFields(DomainErrorCode.Invalid, fields);

@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(ServiceProvider) private readonly providers: Repository<ServiceProvider>,
    private readonly sessions: SessionStore,
    private readonly ledger: CreditLedger,
    private readonly events: EventRepository,
  ) {}

  /** The user and, for providers, their provider row, for a login by email or username. */
  async findForLogin(emailOrUsername: string): Promise<User | null> {
    const login = normalizeUsername(emailOrUsername);
    return (
      this.users
        .createQueryBuilder('user')
        .addSelect('user.password')
        .where('lower(user.username) = lower(:login) OR user.email = lower(:login)', { login })
        // An email names its own account, even if an older username was spelled like it.
        .orderBy('user.email = lower(:login)', 'DESC')
        .getOne()
    );
  }

  async sessionOf(user: User): Promise<Session> {
    const provider = user.role === Role.ServiceProvider ? await this.providers.findOneBy({ userId: user.id }) : null;
    return { userId: user.id, role: user.role, serviceProviderId: provider?.id ?? null };
  }

  async getSessionUser(userId: string): Promise<SessionUser> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new DomainError(DomainErrorCode.NotFound, 'User not found');
    const provider = user.role === Role.ServiceProvider ? await this.providers.findOneBy({ userId }) : null;
    return toSessionUser(user, provider);
  }

  /** Creates the account; a service provider also gets its provider row and welcome credits, in one transaction. */
  async register(
    dto: RegisterDto & { role: Role },
    passwordHash: string,
    welcomeCredits = WELCOME_CREDITS,
  ): Promise<User> {
    await this.assertAvailable(dto.username, dto.email);
    try {
      return await this.dataSource.transaction(async (tx) => {
        const user = await tx.save(
          tx.create(User, {
            username: dto.username,
            email: dto.email,
            password: passwordHash,
            role: dto.role,
            profileData: { ...dto.profileData },
            language: dto.language ?? null,
          }),
        );
        if (dto.role === Role.ServiceProvider) await this.createProvider(tx, user, dto, welcomeCredits);
        await recordDomainEvent(tx, DomainEventName.UserRegistered, { userId: user.id, role: user.role });
        return user;
      });
    } catch (err) {
      // Two registrations racing for one name: the unique index decides.
      if (err instanceof QueryFailedError && (err as { code?: string }).code === '23505') {
        await this.assertAvailable(dto.username, dto.email);
      }
      throw err;
    }
  }

  private async createProvider(tx: EntityManager, user: User, dto: RegisterDto, welcomeCredits: number) {
    const provider = await tx.save(
      tx.create(ServiceProvider, {
        userId: user.id,
        companyName: dto.profileData?.companyName || dto.profileData?.fullName || dto.username,
        serviceTypes: dto.profileData?.serviceTypes ?? [],
        // Not the column's default: the balance starts empty and the ledger grants what it holds, with its row.
        availableCredits: 0,
      }),
    );
    if (welcomeCredits)
      await this.ledger.grantWelcome(tx, { serviceProviderId: provider.id, userId: user.id, credits: welcomeCredits });
  }

  /** Refuses a taken username (any case, or a look-alike of one) or email with 409, naming the caller's fields. */
  async assertAvailable(username: string, email: string, fieldNames = { username: 'username', email: 'email' }) {
    const skeleton = usernameSkeleton(username);
    const taken = await this.users
      .createQueryBuilder('user')
      .addSelect('user.usernameSkeleton')
      .where('lower(user.username) = lower(:username) OR user.usernameSkeleton = :skeleton OR user.email = :email', {
        username,
        skeleton,
        email,
      })
      .getMany();
    const fields: Record<string, string> = {};
    if (taken.some((u) => u.usernameSkeleton === skeleton || u.username.toLowerCase() === username.toLowerCase())) {
      fields[fieldNames.username] = AuthMessages.usernameTaken;
    }
    if (taken.some((u) => u.email === email)) fields[fieldNames.email] = AuthMessages.emailTaken;
    if (Object.keys(fields).length) throw DomainError.ofFields(DomainErrorCode.Conflict, fields);
  }

  /** A sign-in, and the language it was made in when the page said (the user's mail is written in it). */
  async recordLogin(userId: string, language?: Language) {
    await this.users.update({ id: userId }, { lastLoginAt: new Date(), ...(language && { language }) });
  }

  /** The language the user chose in the top bar: their mail's from now on. */
  async setLanguage(session: Session, language: Language): Promise<void> {
    await this.users.update({ id: session.userId }, { language });
  }

  /** The user whose profile the caller may edit: one's own; the owner, anyone's. */
  async editableProfile(session: Session, userId: string): Promise<User> {
    if (session.userId !== userId && session.role !== Role.Owner)
      throw new DomainError(DomainErrorCode.Forbidden, AuthMessages.accessDenied);
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new DomainError(DomainErrorCode.NotFound, 'User not found');
    return user;
  }

  async updateProfile(session: Session, userId: string, dto: UpdateProfileDto): Promise<SessionUser> {
    const user = await this.editableProfile(session, userId);
    if (dto.email && dto.email !== user.email) {
      const other = await this.users.findOneBy({ email: dto.email });
      if (other) throw fieldError({ email: AuthMessages.emailTaken });
      user.email = dto.email;
    }
    if (dto.profileData) user.profileData = { ...user.profileData, ...dto.profileData };
    await this.users.save(user);
    return this.getSessionUser(userId);
  }

  async changeOwnPassword(session: Session, dto: ChangePasswordDto): Promise<void> {
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.password')
      .where({ id: session.userId })
      .getOneOrFail();
    if (!(await verifyPassword(user.password, dto.currentPassword))) {
      throw fieldError({ currentPassword: AuthMessages.currentPasswordWrong });
    }
    const problem = ownPasswordProblem(user.role, dto.newPassword);
    if (problem) throw fieldError({ newPassword: problem });
    if (dto.newPassword !== dto.confirmPassword)
      throw fieldError({ confirmPassword: AuthMessages.ownPasswordMismatch });
    await this.setPassword(user.id, dto.newPassword);
  }

  /** A provider resets the PIN of a customer of one of its events; the owner, of any customer. */
  async resetCustomerPassword(session: Session, customerId: string, password: string): Promise<void> {
    await this.managedCustomer(session, customerId);
    await this.setPassword(customerId, password);
  }

  /** A customer of one of the caller's events (the owner's: any customer); 404 otherwise. */
  async managedCustomer(session: Session, customerId: string): Promise<User> {
    const customer = await this.users.findOneBy({ id: customerId, role: Role.Customer });
    if (!customer) throw new DomainError(DomainErrorCode.NotFound, 'Customer not found');
    if (session.role !== Role.Owner) {
      const manages =
        session.serviceProviderId !== null &&
        (await this.events.isCustomerOfProvider(customerId, session.serviceProviderId));
      if (!manages) throw new DomainError(DomainErrorCode.NotFound, 'Customer not found');
    }
    return customer;
  }

  async resetProviderPassword(serviceProviderId: string, newPassword: string): Promise<void> {
    const provider = await this.providers.findOneBy({ id: serviceProviderId });
    if (!provider) throw new DomainError(DomainErrorCode.NotFound, 'Service provider not found');
    await this.setPassword(provider.userId, newPassword);
  }

  /** Changes a password and ends every session of that user, on every API instance. */
  private async setPassword(userId: string, plain: string) {
    await this.users.update({ id: userId }, { password: await hashPassword(plain) });
    await this.sessions.destroyAllOf(userId);
  }
}
