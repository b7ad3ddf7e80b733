import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { DomainErrorCode, EventMessages } from '@memory-wall/contracts';
import { AppConfig, isDomainError } from '@memory-wall/core';
import { isRefusal, RateLimits, tooManyRequests } from '../../common/rate-limits';

/**
 * Guests find an event by its code or slug without signing in, so these look-ups are where codes could be
 * guessed. Per client address, counted in Redis so every API instance shares the counts: every look-up
 * (EVENT_LOOKUPS_PER_MINUTE, generous: a venue's phones share one address), and more strictly the
 * look-ups that find nothing (EVENT_LOOKUP_MISSES_PER_MINUTE), which is what guessing produces.
 */
@Injectable()
export class EventLookupThrottle {
  private readonly lookups: RateLimiterRedis;
  private readonly misses: RateLimiterRedis;

  constructor(limits: RateLimits, @Inject(AppConfig) config: AppConfig) {
    this.lookups = limits.perWindow('event-lookup', config.EVENT_LOOKUPS_PER_MINUTE, 60);
    this.misses = limits.perWindow('event-lookup-miss', config.EVENT_LOOKUP_MISSES_PER_MINUTE, 60);
  }

  /**
   * Runs the look-up `find` for a client, or answers 429 with Retry-After. Each look-up is counted as a
   * miss before it runs, and given back when it finds the event: counted only afterwards, any number of
   * concurrent guesses would pass the check before the first of them was counted. And once an address has
   * used its misses, it finds nothing at all for a while, so a guesser cannot go on collecting hits.
   * So the misses limit also caps an address's look-ups in flight at once; each takes milliseconds, and
   * phones arrive one by one, so a venue stays far below it.
   */
  async lookUp<T>(address: string, find: () => Promise<T>): Promise<T> {
    await this.take(this.lookups, address);
    const counted = await this.take(this.misses, address);
    let found: T;
    try {
      found = await find();
    } catch (err) {
      if (counted && !isDomainError(err, DomainErrorCode.NotFound))
        await this.misses.reward(address, 1).catch(() => undefined);
      throw err;
    }
    if (counted) await this.misses.reward(address, 1).catch(() => undefined);
    return found;
  }

  /** Takes one point; false when Redis could not be asked (then look-ups still work, unthrottled). */
  private async take(limiter: RateLimiterRedis, address: string): Promise<boolean> {
    try {
      await limiter.consume(address);
      return true;
    } catch (rejection) {
      if (isRefusal(rejection)) throw tooManyRequests(EventMessages.tooManyLookups, rejection);
      // Redis unreachable: guests must still find their event; the submission throttle makes the same choice.
      return false;
    }
  }
}
