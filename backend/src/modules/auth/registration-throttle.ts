import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { AuthMessages } from '@memory-wall/contracts';
import { AppConfig } from '@memory-wall/core';
import { consumeIfAllowed, consumeOrRefuse, RateLimits } from '../../common/rate-limits';

/**
 * Registrations per client address, counted in Redis across instances: REGISTRATIONS_PER_HOUR attempts
 * (refused names count too, which bounds probing for existing accounts), and welcome credits for one new
 * service provider per address per day, so that free credits cannot be farmed with a burst of accounts
 * (further providers from that address start with 0 and can buy credits).
 */
export const WELCOME_GRANTS_PER_ADDRESS_PER_DAY = 1;

@Injectable()
export class RegistrationThrottle {
  private readonly attempts: RateLimiterRedis;
  private readonly welcomeGrants: RateLimiterRedis;

  constructor(limits: RateLimits, @Inject(AppConfig) config: AppConfig) {
    this.attempts = limits.perWindow('register-address', config.REGISTRATIONS_PER_HOUR, 3600);
    this.welcomeGrants = limits.perWindow('welcome-credits-address', WELCOME_GRANTS_PER_ADDRESS_PER_DAY, 24 * 3600);
  }

  /** Counts one attempt, atomically, before the name is looked up or the password hashed; 429 past the limit. */
  async admit(address: string): Promise<void> {
    await consumeOrRefuse(this.attempts, address, AuthMessages.tooManyRegistrations);
  }

  /** Whether this address may still give a new provider its welcome credits today (and takes that grant). */
  takeWelcomeGrant(address: string): Promise<boolean> {
    return consumeIfAllowed(this.welcomeGrants, address);
  }

  /** The registration that took the grant did not happen. */
  async returnWelcomeGrant(address: string): Promise<void> {
    await this.welcomeGrants.reward(address, 1);
  }
}
