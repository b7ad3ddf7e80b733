import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { IRateLimiterOptions, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS, RedisKeys } from '@memory-wall/core';
import { TooManyRequestsException } from './api-errors';

/** A rate limit counted in Redis, so that every API instance shares its counters. */
export function redisRateLimiter(
  redis: Redis,
  keys: RedisKeys,
  name: string,
  options: Pick<IRateLimiterOptions, 'points' | 'duration' | 'blockDuration'>,
) {
  return new RateLimiterRedis({ storeClient: redis, keyPrefix: keys.rateLimit(name), ...options });
}

/** Makes a throttle's limiters (redisRateLimiter) on the API's Redis client and key prefix. */
@Injectable()
export class RateLimits {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
  ) {}

  /** `points` per key in every window of `seconds`, counted under the limit's `name`. */
  perWindow(name: string, points: number, seconds: number): RateLimiterRedis {
    return redisRateLimiter(this.redis, this.keys, name, { points, duration: seconds });
  }
}

/** Whether a limiter's rejection is a refusal (the limit is reached), not a failure to ask Redis. */
export const isRefusal = (rejection: unknown): rejection is RateLimiterRes => rejection instanceof RateLimiterRes;

/** The 429 for refusals: Retry-After is the longest of their waits, at least a second. */
export function tooManyRequests(message: string, ...refusals: RateLimiterRes[]): TooManyRequestsException {
  const wait = Math.max(...refusals.map((refusal) => refusal.msBeforeNext));
  return new TooManyRequestsException(message, Math.max(1, Math.ceil(wait / 1000)));
}

/** Counts one point for `key`, atomically; past the limit, a 429 with `message`. Redis's failures propagate. */
export async function consumeOrRefuse(limiter: RateLimiterRedis, key: string, message: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    throw isRefusal(err) ? tooManyRequests(message, err) : err;
  }
}

/** Takes one point for `key` if the limit allows: false when refused. Redis's failures propagate. */
export async function consumeIfAllowed(limiter: RateLimiterRedis, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (err) {
    if (!isRefusal(err)) throw err;
    return false;
  }
}
