import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AuthMessages } from '@memory-wall/contracts';
import { REDIS, RedisKeys } from '@memory-wall/core';
import { TooManyRequestsException } from '../../common/api-errors';

/**
 * Failed sign-ins are counted in Redis, so every API instance sees the same counters. Per account,
 * 5 failures per 15 minutes make a 6-digit customer PIN take years to guess; per address, 30 per
 * 15 minutes stop one client from spraying many accounts.
 */
export const LOGIN_LIMITS = {
  perAccount: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  perAddress: { points: 30, duration: 15 * 60, blockDuration: 15 * 60 },
} as const;

@Injectable()
export class LoginThrottle {
  private readonly perAccount: RateLimiterRedis;
  private readonly perAddress: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(RedisKeys) keys: RedisKeys) {
    this.perAccount = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${keys.prefix}:rl:login-account`, ...LOGIN_LIMITS.perAccount });
    this.perAddress = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${keys.prefix}:rl:login-address`, ...LOGIN_LIMITS.perAddress });
  }

  /** Refuses the attempt before the password is even checked while either counter is exhausted. */
  async assertAllowed(account: string, address: string) {
    const [byAccount, byAddress] = await Promise.all([this.perAccount.get(accountKey(account)), this.perAddress.get(address)]);
    const blocked = [
      [byAccount, LOGIN_LIMITS.perAccount.points],
      [byAddress, LOGIN_LIMITS.perAddress.points],
    ].filter(([res, points]) => res && (res as RateLimiterRes).consumedPoints >= (points as number));
    if (blocked.length) {
      const wait = Math.max(...blocked.map(([res]) => (res as RateLimiterRes).msBeforeNext));
      throw new TooManyRequestsException(AuthMessages.tooManyAttempts, Math.ceil(wait / 1000));
    }
  }

  async recordFailure(account: string, address: string) {
    await Promise.allSettled([this.perAccount.consume(accountKey(account)), this.perAddress.consume(address)]);
  }

  async recordSuccess(account: string) {
    await this.perAccount.delete(accountKey(account));
  }
}

const accountKey = (account: string) => account.trim().toLowerCase();
