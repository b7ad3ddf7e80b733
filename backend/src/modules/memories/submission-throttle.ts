import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { AppConfig, REDIS, RedisKeys } from '@memory-wall/core';
import { isRefusal, redisRateLimiter, tooManyRequests } from '../../common/rate-limits';

/**
 * Submissions per client address and event per minute (SUBMISSIONS_PER_MINUTE), counted in Redis so every
 * API instance shares the count. A venue's guests often share one Wi-Fi address, so the default is generous:
 * it stops a script flooding a wall, not a busy table of guests.
 */
export const TOO_MANY_SUBMISSIONS = 'Too many memories from this connection. Please wait a moment and try again.';

@Injectable()
export class SubmissionThrottle {
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(RedisKeys) keys: RedisKeys, @Inject(AppConfig) config: AppConfig) {
    this.limiter = redisRateLimiter(redis, keys, 'submit', { points: config.SUBMISSIONS_PER_MINUTE, duration: 60 });
  }

  /** Counts one submission; 429 with Retry-After past the limit. Without Redis, submissions still pass. */
  async consume(address: string, eventId: string): Promise<void> {
    try {
      await this.limiter.consume(`${eventId}:${address}`);
    } catch (rejection) {
      if (isRefusal(rejection)) throw tooManyRequests(TOO_MANY_SUBMISSIONS, rejection);
      // Redis unreachable: the submission is still stored durably; no limit is better than lost memories.
    }
  }
}
