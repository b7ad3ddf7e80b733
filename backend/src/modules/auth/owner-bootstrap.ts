import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository } from 'typeorm';
import { AuthMessages, passwordProblem, Role } from '@memory-wall/contracts';
import { AppConfig, User, hashPassword, verifyPassword } from '@memory-wall/core';
import { SessionStore } from './session.store';

/**
 * The owner account comes from the environment, never from registration: created at start-up, and while
 * OWNER_PASSWORD is set it is the owner's password (so an operator can always take the account back).
 */
@Injectable()
export class OwnerBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger(OwnerBootstrap.name);

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly sessions: SessionStore,
  ) {}

  async onApplicationBootstrap() {
    const { OWNER_USERNAME: username, OWNER_EMAIL: email, OWNER_PASSWORD: password } = this.config;
    if (!username || !email || !password) return;
    if (passwordProblem(Role.Owner, password)) {
      this.logger.error(`OWNER_PASSWORD not used: ${AuthMessages.alphanumericPassword}`);
      return;
    }
    const existing = await this.users
      .createQueryBuilder('user')
      .addSelect('user.password')
      .where('lower(user.username) = lower(:username)', { username })
      .getOne();
    if (!existing) return this.create(username, email, password);
    if (existing.role !== Role.Owner) {
      this.logger.error(`OWNER_USERNAME ${username} names a ${existing.role} account: it was not made an owner`);
      return;
    }
    if (await verifyPassword(existing.password, password)) return;
    await this.users.update({ id: existing.id }, { password: await hashPassword(password) });
    await this.sessions.destroyAllOf(existing.id);
    this.logger.log(`set the password of owner account ${existing.username} from OWNER_PASSWORD`);
  }

  private async create(username: string, email: string, password: string) {
    try {
      await this.users.save(
        this.users.create({
          username,
          email: email.toLowerCase(),
          password: await hashPassword(password),
          role: Role.Owner,
        }),
      );
      this.logger.log(`created owner account ${username}`);
    } catch (err) {
      // Another instance created it at the same moment.
      if (!(err instanceof QueryFailedError)) throw err;
    }
  }
}
