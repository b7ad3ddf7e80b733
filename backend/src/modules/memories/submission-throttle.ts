import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { HeartMessages } from '@memory-wall/contracts';
import { AppConfig, REDIS, RedisKeys } from '@memory-wall/core';
import { isRefusal, redisRateLimiter, tooManyRequests } from '../../common/rate-limits';

/**
 * A guest's actions per client address and event per minute, counted in Redis so every API instance shares
 * the count. A venue's guests often share one Wi-Fi address, so the limits are generous: they stop a script
 * flooding a wall, not a busy table of guests.
 */
abstract class GuestThrottle {
  private readonly limiter: RateLimiterRedis;

  protected constructor(
    redis: Redis,
    keys: RedisKeys,
    name: string,
    perMinute: number,
    private readonly refusal: string,
  ) {
    this.limiter = redisRateLimiter(redis, keys, name, { points: perMinute, duration: 60 });
  }

  /** Counts one action; 429 with Retry-After past the limit. Without Redis, actions still pass. */
  async consume(address: string, eventId: string): Promise<void> {
    try {
      await this.limiter.consume(`${eventId}:${address}`);
    } catch (rejection) {
      if (isRefusal(rejection)) throw tooManyRequests(this.refusal, rejection);
      // Redis unreachable: what the guest sends is still stored durably; no limit is better than lost memories.
    }
  }
}

export const TOO_MANY_SUBMISSIONS = 'Too many memories from this connection. Please wait a moment and try again.';

/** Submissions (SUBMISSIONS_PER_MINUTE). */
@Injectable()
export class SubmissionThrottle extends GuestThrottle {
  constructor(@Inject(REDIS) redis: Redis, @Inject(RedisKeys) keys: RedisKeys, @Inject(AppConfig) config: AppConfig) {
    super(redis, keys, 'submit', config.SUBMISSIONS_PER_MINUTE, TOO_MANY_SUBMISSIONS);
  }
}

/** Hearts (HEARTS_PER_MINUTE): a device id is cheap to make, an address less so. */
@Injectable()
export class HeartThrottle extends GuestThrottle {
  constructor(@Inject(REDIS) redis: Redis, @Inject(RedisKeys) keys: RedisKeys, @Inject(AppConfig) config: AppConfig) {
    super(redis, keys, 'heart', config.HEARTS_PER_MINUTE, HeartMessages.tooManyHearts);
  }
}
