import { LRUCache } from 'lru-cache';
import { DomainErrorCode, LiveCloseCode } from '@memory-wall/contracts';
import { isDomainError } from '@memory-wall/core';
import type { Session } from '../modules/auth/session.store';
import type { EventAccess } from '../modules/events/event-access';
import type { PublishedEvents } from '../modules/events/published-events';

/** Which feed of an event a socket joins, or why it may join none. */
export type JoinDecision = { hosts: boolean } | { refused: { code: number; reason: string } };

/** Distinct (session, event) decisions one instance remembers. */
const MAX_REMEMBERED = 10_000;

/**
 * The join check of the live gateway, remembered for `ttlMs` per session and event (and per event for
 * the public feed), so that a crowd of screens and phones joining one event costs one database query per
 * `ttlMs`, not one per join. Concurrent joins share the query in flight. A host whose access is withdrawn
 * may still join the hosts' feed for up to `ttlMs`; an ended session is no longer the socket's session,
 * so it reaches none of its remembered decisions.
 */
export class LiveJoinAccess {
  private readonly decisions: LRUCache<string, Promise<boolean | JoinDecision>>;

  constructor(
    private readonly events: Pick<PublishedEvents, 'getPublished'>,
    private readonly access: Pick<EventAccess, 'canManage'>,
    ttlMs: number,
    clock?: { now(): number },
  ) {
    // ttlResolution 0: read the clock on every lookup (cheap here), not a copy up to 1 ms old.
    this.decisions = new LRUCache({ max: MAX_REMEMBERED, ttl: Math.max(ttlMs, 1), ttlResolution: 0, perf: clock });
  }

  async decide(
    session: Session | null | undefined,
    sessionId: string | null | undefined,
    eventId: string,
  ): Promise<JoinDecision> {
    if (session && sessionId) {
      const hosts = await this.remembered(`hosts:${sessionId}:${eventId}`, () =>
        this.access.canManage(session, eventId, ['canModerate']),
      );
      if (hosts) return { hosts: true };
    }
    return this.remembered<JoinDecision>(`public:${eventId}`, () => this.publicDecision(eventId));
  }

  private async publicDecision(eventId: string): Promise<JoinDecision> {
    try {
      await this.events.getPublished(eventId);
      return { hosts: false };
    } catch (err) {
      if (isDomainError(err, DomainErrorCode.NotFound))
        return { refused: { code: LiveCloseCode.EventNotFound, reason: err.message } };
      if (isDomainError(err, DomainErrorCode.Forbidden))
        return { refused: { code: LiveCloseCode.EventNotAvailable, reason: err.message } };
      throw err;
    }
  }

  /** The decision of `key`, made at most once per TTL; a failed one (the database away) is not kept. */
  private remembered<T extends boolean | JoinDecision>(key: string, decide: () => Promise<T>): Promise<T> {
    const known = this.decisions.get(key);
    if (known) return known as Promise<T>;
    const decision = decide();
    this.decisions.set(key, decision);
    decision.catch(() => this.decisions.get(key) === decision && this.decisions.delete(key));
    return decision;
  }
}
