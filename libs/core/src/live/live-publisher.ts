import { Inject, Injectable } from '@nestjs/common';
import { LiveMessage } from '@memory-wall/contracts';
import { REDIS, RedisClient } from '../redis/redis.module';
import { RedisKeys } from '../redis/redis-keys';
import { inSpan, SpanKind } from '../tracing/tracing';

export type Unsequenced<M> = M extends LiveMessage ? Omit<M, 'seq' | 'ts' | 'eventId'> : never;

/** What one change tells each audience: the public wall (approved content only) and the hosts. */
export interface LiveChange {
  public?: Unsequenced<LiveMessage>;
  hosts: Unsequenced<LiveMessage>;
}

/** Recent messages kept per feed, so an API instance that lost its subscription can fill the gap. */
export const LIVE_LOG_LENGTH = 500;
const LIVE_LOG_TTL_SECONDS = 3600;
/** How long a once-only announcement remembers it was made: far longer than any job's retries take. */
const ANNOUNCED_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Each feed has its own sequence, so a socket (public or host) sees 1, 2, 3... without gaps. The script
 * takes the next number, publishes and appends to the feed's log in one step, so messages reach a channel
 * in sequence order even when several workers publish for one event at once. Bodies are serialised once,
 * here; gateways forward the string as it is. On a Redis Cluster it publishes with SPUBLISH (sharded
 * pub/sub, Redis 7): the message goes only to the shard that holds the event's keys, not to every node.
 */
const publishScript = (publish: 'PUBLISH' | 'SPUBLISH') => `
local function publish(seqKey, channel, logKey, body)
  if body == '' then return 0 end
  local seq = redis.call('INCR', seqKey)
  local message = '{"seq":' .. seq .. ',' .. body
  redis.call('${publish}', channel, message)
  redis.call('RPUSH', logKey, message)
  redis.call('LTRIM', logKey, -${LIVE_LOG_LENGTH}, -1)
  redis.call('EXPIRE', logKey, ${LIVE_LOG_TTL_SECONDS})
  return seq
end
if KEYS[7] and not redis.call('SET', KEYS[7], '1', 'NX', 'EX', ${ANNOUNCED_TTL_SECONDS}) then return { 0, 0 } end
return { publish(KEYS[1], KEYS[2], KEYS[3], ARGV[1]), publish(KEYS[4], KEYS[5], KEYS[6], ARGV[2]) }`;

/**
 * The script as two commands, by their number of keys: without and with the once-only announcement key. A
 * command's number of keys is fixed so that its first argument is a key: ioredis routes an automatically
 * pipelined command by its first argument, which on a cluster must be a key of the event's slot.
 */
const PUBLISH_COMMANDS = { 6: 'memoryWallPublishLive', 7: 'memoryWallPublishLiveOnce' } as const;
/** The connection with the script defined as commands: keys, then the two bodies. */
type PublishingRedis = RedisClient &
  Record<(typeof PUBLISH_COMMANDS)[6 | 7], (...keysThenBodies: string[]) => Promise<unknown>>;

@Injectable()
export class LivePublisher {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
  ) {
    // Sent as EVALSHA (ioredis falls back to EVAL once when Redis does not hold the script, as after a
    // restart): the script's text is not sent, nor hashed by Redis, with every message.
    const lua = publishScript(keys.cluster ? 'SPUBLISH' : 'PUBLISH');
    for (const [numberOfKeys, name] of Object.entries(PUBLISH_COMMANDS))
      redis.defineCommand(name, { lua, numberOfKeys: Number(numberOfKeys) });
  }

  /**
   * Publishes `change` to the event's feeds. With `onceAs`, a name for this announcement, it is published
   * at most once however often it is asked for: a job run again after a crash can announce what its first
   * run may or may not have announced.
   */
  publish(eventId: string, change: LiveChange, onceAs?: string): Promise<void> {
    const attributes = { 'memorywall.event_id': eventId, 'memorywall.live.type': change.hosts.type };
    return inSpan('publish live', { kind: SpanKind.PRODUCER, attributes }, () =>
      this.publishNow(eventId, change, onceAs),
    );
  }

  private async publishNow(eventId: string, change: LiveChange, onceAs?: string): Promise<void> {
    const ts = Date.now();
    // Everything after the opening brace: the script puts the sequence number first.
    const body = (message?: Unsequenced<LiveMessage>) =>
      message ? JSON.stringify({ ...message, eventId, ts }).slice(1) : '';
    const keys = [
      this.keys.liveSequence(eventId),
      this.keys.liveChannel(eventId),
      this.keys.liveLog(eventId, false),
      this.keys.hostLiveSequence(eventId),
      this.keys.hostLiveChannel(eventId),
      this.keys.liveLog(eventId, true),
      ...(onceAs ? [this.keys.announcement(eventId, onceAs)] : []),
    ];
    await (this.redis as PublishingRedis)[PUBLISH_COMMANDS[onceAs ? 7 : 6]](
      ...keys,
      body(change.public),
      body(change.hosts),
    );
  }
}
