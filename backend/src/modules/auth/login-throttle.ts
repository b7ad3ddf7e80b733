import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { AuthMessages } from '@memory-wall/contracts';
import { REDIS, RedisKeys } from '@memory-wall/core';
import { isRefusal, redisRateLimiter, tooManyRequests } from '../../common/rate-limits';

/**
 * Sign-in attempts are counted in Redis, so every API instance sees the same counters. Per account, 5
 * attempts per 15 minutes make a 6-digit customer PIN take years to guess; per address, 30 per 15 minutes
 * stop one client from spraying many accounts. A correct password gives its attempt back.
 *
 * Verifications in flight are capped too (argon2 is slow on purpose, and a burst would fill its thread pool
 * and stall everyone's sign-in): 2 at once per account, 3 per address; the rest are refused at once. A slot
 * left by a crashed instance frees itself after `slotTtl` seconds.
 */
export const LOGIN_LIMITS = {
  perAccount: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  perAddress: { points: 30, duration: 15 * 60, blockDuration: 15 * 60 },
  inFlightPerAccount: 2,
  inFlightPerAddress: 3,
  slotTtl: 60,
} as const;

/** One admitted sign-in attempt: report success to give its points back; always call `finished`. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
  finished(): Promise<void>;
}

type Limiter = { limiter: RateLimiterRedis; key: string };

@Injectable()
export class LoginThrottle {
  private readonly perAccount: RateLimiterRedis;
  private readonly perAddress: RateLimiterRedis;
  private readonly inFlightPerAccount: RateLimiterRedis;
  private readonly inFlightPerAddress: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(RedisKeys) keys: RedisKeys) {
    this.perAccount = redisRateLimiter(redis, keys, 'login-account', LOGIN_LIMITS.perAccount);
    this.perAddress = redisRateLimiter(redis, keys, 'login-address', LOGIN_LIMITS.perAddress);
    this.inFlightPerAccount = redisRateLimiter(redis, keys, 'login-inflight-account', {
      points: LOGIN_LIMITS.inFlightPerAccount,
      duration: LOGIN_LIMITS.slotTtl,
    });
    this.inFlightPerAddress = redisRateLimiter(redis, keys, 'login-inflight-address', {
      points: LOGIN_LIMITS.inFlightPerAddress,
      duration: LOGIN_LIMITS.slotTtl,
    });
  }

  /**
   * Admits one attempt before the password is verified: takes a verification slot and one point from the
   * account's and the address's budgets, each atomically in Redis, so parallel guesses cannot all pass a
   * check made before any of them was counted. Refuses with 429 when any is exhausted.
   */
  async begin(account: string, address: string): Promise<LoginAttempt> {
    const slots = await this.takeAll([
      { limiter: this.inFlightPerAccount, key: account },
      { limiter: this.inFlightPerAddress, key: address },
    ]);
    try {
      const budgets = [
        { limiter: this.perAccount, key: account },
        { limiter: this.perAddress, key: address },
      ];
      await this.consumeAll(budgets);
      return {
        succeeded: () => this.giveBack(budgets),
        finished: () => this.giveBack(slots),
      };
    } catch (err) {
      await this.giveBack(slots);
      throw err;
    }
  }

  /** Consumes every point or none: a slot refused on one side is given back on the other. */
  private async takeAll(limits: Limiter[]): Promise<Limiter[]> {
    const results = await Promise.allSettled(limits.map(({ limiter, key }) => limiter.consume(key)));
    const refused = results.find((r) => r.status === 'rejected');
    if (!refused) return limits;
    await this.giveBack(limits.filter((_, i) => results[i].status === 'fulfilled'));
    throw tooMany(refused.reason);
  }

  /** Consumes from every budget; a refused attempt still counts (it is a guess like any other). */
  private async consumeAll(limits: Limiter[]) {
    const results = await Promise.allSettled(limits.map(({ limiter, key }) => limiter.consume(key)));
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (refused.length) throw tooMany(...refused.map((r): unknown => r.reason));
  }

  private async giveBack(limits: Limiter[]) {
    await Promise.all(limits.map(({ limiter, key }) => limiter.reward(key, 1)));
  }
}

/** 429 with the longest wait among the refusals; a Redis failure is passed on as it is. */
function tooMany(...reasons: unknown[]): Error {
  const error = reasons.find((reason) => !isRefusal(reason));
  return error ? (error as Error) : tooManyRequests(AuthMessages.tooManyAttempts, ...reasons.filter(isRefusal));
}
