import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { AuthMessages } from '@memory-wall/contracts';
import { AppConfig, REDIS, RedisKeys } from '@memory-wall/core';
import { isRefusal, redisRateLimiter, tooManyRequests } from '../../common/rate-limits';

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

  constructor(@Inject(REDIS) redis: Redis, @Inject(RedisKeys) keys: RedisKeys, @Inject(AppConfig) config: AppConfig) {
    this.attempts = redisRateLimiter(redis, keys, 'register-address', {
      points: config.REGISTRATIONS_PER_HOUR,
      duration: 3600,
    });
    this.welcomeGrants = redisRateLimiter(redis, keys, 'welcome-credits-address', {
      points: WELCOME_GRANTS_PER_ADDRESS_PER_DAY,
      duration: 24 * 3600,
    });
  }

  /** Counts one attempt, atomically, before the name is looked up or the password hashed; 429 past the limit. */
  async admit(address: string): Promise<void> {
    try {
      await this.attempts.consume(address);
    } catch (err) {
      throw isRefusal(err) ? tooManyRequests(AuthMessages.tooManyRegistrations, err) : err;
    }
  }

  /** Whether this address may still give a new provider its welcome credits today (and takes that grant). */
  async takeWelcomeGrant(address: string): Promise<boolean> {
    try {
      await this.welcomeGrants.consume(address);
      return true;
    } catch (err) {
      if (!isRefusal(err)) throw err;
      return false;
    }
  }

  /** The registration that took the grant did not happen. */
  async returnWelcomeGrant(address: string): Promise<void> {
    await this.welcomeGrants.reward(address, 1);
  }
}
