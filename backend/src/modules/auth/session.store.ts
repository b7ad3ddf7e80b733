import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Role, SessionRevocation } from '@memory-wall/contracts';
import { REDIS, RedisClient, RedisKeys } from '@memory-wall/core';

export const SESSION_TTL_SECONDS = 14 * 24 * 3600;

/** What a request knows about its caller without a database query. */
export interface Session {
  userId: string;
  role: Role;
  /** Set for service providers. */
  serviceProviderId: string | null;
}

/**
 * Server-side sessions in Redis, shared by every API instance: revoking one here (logout, password change or
 * reset) refuses it on all instances at once, because every request reads it from Redis.
 *
 * A session and its user's set are written by separate commands, never one transaction, as they live in
 * different hash slots on a Redis Cluster. The set is written first and cleared last: a session is always
 * listed while it exists, so ending all of a user's sessions finds every one (a listed id whose session is
 * gone is harmless).
 */
@Injectable()
export class SessionStore {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
  ) {}

  async create(session: Session): Promise<string> {
    const sid = randomBytes(32).toString('base64url');
    await this.redis
      .multi()
      .sadd(this.keys.userSessions(session.userId), sid)
      .expire(this.keys.userSessions(session.userId), SESSION_TTL_SECONDS)
      .exec();
    await this.redis.set(this.keys.session(sid), JSON.stringify(session), 'EX', SESSION_TTL_SECONDS);
    return sid;
  }

  async get(sid: string): Promise<Session | null> {
    if (!/^[\w-]{43}$/.test(sid)) return null;
    const raw = await this.redis.get(this.keys.session(sid));
    return raw ? (JSON.parse(raw) as Session) : null;
  }

  async destroy(sid: string): Promise<void> {
    const session = await this.get(sid);
    await this.redis.del(this.keys.session(sid));
    if (session) await this.redis.srem(this.keys.userSessions(session.userId), sid);
    if (session) await this.announce({ userId: session.userId, sessionId: sid });
  }

  /** Ends every session of a user (password changed or reset, access removed). */
  async destroyAllOf(userId: string): Promise<void> {
    const sids = await this.redis.smembers(this.keys.userSessions(userId));
    await Promise.all(sids.map((sid) => this.redis.del(this.keys.session(sid))));
    await this.redis.del(this.keys.userSessions(userId));
    await this.announce({ userId });
  }

  /** Tells every API instance, so live sockets opened with an ended session are closed too. */
  private async announce(revocation: SessionRevocation) {
    await this.redis.publish(this.keys.sessionRevocations, JSON.stringify(revocation));
  }
}
