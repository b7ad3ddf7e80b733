import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { Role, SessionRevocation } from '@memory-wall/contracts';
import { REDIS, RedisKeys } from '@memory-wall/core';

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
 */
@Injectable()
export class SessionStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
  ) {}

  private key(sid: string) {
    return `${this.keys.prefix}:session:${sid}`;
  }

  private userKey(userId: string) {
    return `${this.keys.prefix}:user-sessions:${userId}`;
  }

  async create(session: Session): Promise<string> {
    const sid = randomBytes(32).toString('base64url');
    await this.redis
      .multi()
      .set(this.key(sid), JSON.stringify(session), 'EX', SESSION_TTL_SECONDS)
      .sadd(this.userKey(session.userId), sid)
      .expire(this.userKey(session.userId), SESSION_TTL_SECONDS)
      .exec();
    return sid;
  }

  async get(sid: string): Promise<Session | null> {
    if (!/^[\w-]{43}$/.test(sid)) return null;
    const raw = await this.redis.get(this.key(sid));
    return raw ? (JSON.parse(raw) as Session) : null;
  }

  async destroy(sid: string): Promise<void> {
    const session = await this.get(sid);
    const tx = this.redis.multi().del(this.key(sid));
    if (session) tx.srem(this.userKey(session.userId), sid);
    await tx.exec();
    if (session) await this.announce({ userId: session.userId, sessionId: sid });
  }

  /** Ends every session of a user (password changed or reset, access removed). */
  async destroyAllOf(userId: string): Promise<void> {
    const sids = await this.redis.smembers(this.userKey(userId));
    await this.redis.del(this.userKey(userId), ...sids.map((sid) => this.key(sid)));
    await this.announce({ userId });
  }

  /** Tells every API instance, so live sockets opened with an ended session are closed too. */
  private async announce(revocation: SessionRevocation) {
    await this.redis.publish(this.keys.sessionRevocations, JSON.stringify(revocation));
  }
}
