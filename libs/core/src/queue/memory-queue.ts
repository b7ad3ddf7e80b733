import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import DataLoader from 'dataloader';
import type Redis from 'ioredis';
import { aiReviewJobId, JobName, JobPayloads, processMemoryJobId, QueueName } from '@memory-wall/contracts';
import { AppConfig } from '../config/app-config';
import { RedisKeys } from '../redis/redis-keys';
import { createRedis } from '../redis/redis.module';

const ENQUEUE_TIMEOUT_MS = 1000;

/** Retries with backoff: a failing job is tried again, never dropped silently. */
export const MEMORY_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** A memory's processing job: its id is derived from the memory's, so enqueueing it twice is harmless. */
function processingJob(memoryId: string) {
  const data: JobPayloads[typeof JobName.ProcessMemory] = { memoryId };
  return { name: JobName.ProcessMemory, data, opts: { jobId: processMemoryJobId(memoryId) } };
}

/**
 * Producer side of the memories queue. The memory row in PostgreSQL is the durable record of the work;
 * enqueueing is idempotent (the job id is derived from the memory id), so the API, the outbox sweeper
 * and a retry may all enqueue the same memory without running it twice.
 */
@Injectable()
export class MemoryQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(MemoryQueue.name);
  readonly queue: Queue;
  private readonly connection: Redis;
  private readonly enqueueTogether = new DataLoader<string, boolean>((memoryIds) => this.tryEnqueueAll(memoryIds), {
    cache: false,
    batchScheduleFn: (enqueue) => setImmediate(enqueue),
    maxBatchSize: 500,
  });

  constructor(@Inject(AppConfig) config: AppConfig, @Inject(RedisKeys) keys: RedisKeys) {
    this.connection = createRedis(config.REDIS_URL, { failFast: true });
    this.queue = new Queue(QueueName.Memories, {
      connection: this.connection,
      prefix: keys.queuePrefix,
      defaultJobOptions: MEMORY_JOB_OPTIONS,
    });
    this.queue.on('error', (err) => this.logger.warn(`queue connection: ${err.message}`));
  }

  async enqueue(memoryId: string): Promise<void> {
    const job = processingJob(memoryId);
    await this.queue.add(job.name, job.data, job.opts);
  }

  /**
   * Asks AI moderation again, every `delayMs`, until it answers (for up to `attempts` tries). The memory is
   * held for a human meanwhile; whoever decides first wins.
   */
  async scheduleAiReview(memoryId: string, delayMs: number, attempts = 60): Promise<void> {
    const payload: JobPayloads[typeof JobName.ReviewWithAi] = { memoryId };
    await this.queue.add(JobName.ReviewWithAi, payload, {
      jobId: aiReviewJobId(memoryId),
      delay: delayMs,
      attempts,
      backoff: { type: 'fixed', delay: delayMs },
    });
  }

  /** For the sweeper: enqueues a memory still waiting, or retries its job when that had failed. */
  async requeue(memoryId: string): Promise<void> {
    const job = await this.queue.getJob(processMemoryJobId(memoryId));
    if (job && (await job.isFailed())) await job.retry();
    else await this.enqueue(memoryId);
  }

  /**
   * Enqueues without ever throwing or waiting long: when Redis is away the memory stays in the outbox
   * (its 'processing' row) and the workers' sweeper enqueues it later. BullMQ would otherwise wait
   * for the connection, holding the guest's request. The memories enqueued in the same turn of the
   * event loop go to Redis together (one addBulk, one round trip).
   */
  tryEnqueue(memoryId: string): Promise<boolean> {
    return this.enqueueTogether.load(memoryId);
  }

  private async tryEnqueueAll(memoryIds: readonly string[]): Promise<boolean[]> {
    let timer: NodeJS.Timeout | undefined;
    try {
      if (this.connection.status !== 'ready') throw new Error(`Redis is ${this.connection.status}`);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer from Redis in ${ENQUEUE_TIMEOUT_MS} ms`)), ENQUEUE_TIMEOUT_MS);
      });
      await Promise.race([this.queue.addBulk(memoryIds.map(processingJob)), timeout]);
      return memoryIds.map(() => true);
    } catch (err) {
      const which = memoryIds.length === 1 ? `memory ${memoryIds[0]} stays` : `${memoryIds.length} memories (${memoryIds.join(', ')}) stay`;
      this.logger.warn(`${which} in the outbox: ${(err as Error).message}`);
      return memoryIds.map(() => false);
    } finally {
      clearTimeout(timer);
    }
  }

  async onApplicationShutdown() {
    await this.queue.close();
    // BullMQ leaves a connection it was given open.
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
