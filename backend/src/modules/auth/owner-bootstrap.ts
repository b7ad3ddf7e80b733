import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, Repository } from 'typeorm';
import { AuthMessages, passwordProblem, Role } from '@memory-wall/contracts';
import { AppConfig, User } from '@memory-wall/core';
import { hashPassword } from './passwords';

/** The owner account comes from the environment (or the seed), never from registration. */
@Injectable()
export class OwnerBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger(OwnerBootstrap.name);

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  async onApplicationBootstrap() {
    const { OWNER_USERNAME: username, OWNER_EMAIL: email, OWNER_PASSWORD: password } = this.config;
    if (!username || !email || !password) return;
    if (passwordProblem(Role.Owner, password)) {
      this.logger.error(`OWNER_PASSWORD not used: ${AuthMessages.alphanumericPassword}`);
      return;
    }
    if (await this.users.existsBy({ username })) return;
    try {
      await this.users.insert({ username, email: email.toLowerCase(), password: await hashPassword(password), role: Role.Owner });
      this.logger.log(`created owner account ${username}`);
    } catch (err) {
      // Another instance created it at the same moment.
      if (!(err instanceof QueryFailedError)) throw err;
    }
  }
}
