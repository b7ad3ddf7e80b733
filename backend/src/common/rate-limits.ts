import Redis from 'ioredis';
import { IRateLimiterOptions, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RedisKeys } from '@memory-wall/core';
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

/** Whether a limiter's rejection is a refusal (the limit is reached), not a failure to ask Redis. */
export const isRefusal = (rejection: unknown): rejection is RateLimiterRes => rejection instanceof RateLimiterRes;

/** The 429 for refusals: Retry-After is the longest of their waits, at least a second. */
export function tooManyRequests(message: string, ...refusals: RateLimiterRes[]): TooManyRequestsException {
  const wait = Math.max(...refusals.map((refusal) => refusal.msBeforeNext));
  return new TooManyRequestsException(message, Math.max(1, Math.ceil(wait / 1000)));
}
