import { Queue, QueueOptions } from 'bullmq';
import type { QueueName } from '@memory-wall/contracts';
import type { RedisClient } from '../redis/redis.module';

/**
 * A producer's BullMQ queue, on a connection that fails fast while Redis is away (createRedis with failFast).
 *
 * Made without BullMQ's Redis version check: BullMQ sends that check (an INFO) once, when the queue is made,
 * and a queue whose check failed keeps failing with that first error for the life of the process, even once
 * the connection is back. On a connection that fails fast, a check sent as the network drops fails at once:
 * the workers' outbox relay, made so during a drop, never relayed again. The workers' own connections, which
 * wait for Redis, still check the version.
 */
export function producerQueue(
  name: QueueName,
  connection: RedisClient,
  options: Omit<QueueOptions, 'connection' | 'skipVersionCheck'>,
): Queue {
  return new Queue(name, { ...options, connection, skipVersionCheck: true });
}
