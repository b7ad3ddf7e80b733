import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { Queue } from 'bullmq';
import DataLoader from 'dataloader';
import { PinoLogger } from 'nestjs-pino';
import {
  aiReviewJobId,
  JobName,
  JobPayloads,
  JobQueue,
  MEMORY_QUEUES,
  MemoryJobData,
  MemoryType,
  processMemoryJobId,
  QueueName,
  releaseToScreensJobId,
  renderMediaJobId,
} from '@memory-wall/contracts';
import { AppConfig } from '../config/app-config';
import type { Memory } from '../database/entities/memory.entity';
import { RedisKeys } from '../redis/redis-keys';
import { createRedis, RedisClient } from '../redis/redis.module';
import { producerQueue } from './producer-queue';
import { currentTraceparent } from '../tracing/tracing';

const ENQUEUE_TIMEOUT_MS = 1000;

/** Retries with backoff: a failing job is tried again, never dropped silently. */
export const MEMORY_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/**
 * What routing a memory needs to know of it (and, for the workers' logs and traces, its event, the causing
 * request and the trace context it was enqueued in).
 */
export type QueuedMemory = Pick<Memory, 'id' | 'type' | 'eventId'> &
  Partial<Pick<Memory, 'media'>> & { requestId?: string; traceparent?: string };

/** A photo or drawing is rendered first (CPU), then moderated; a message, or a rendered image, goes to moderation. */
export const needsRendering = (memory: QueuedMemory) => memory.type !== MemoryType.Message && !memory.media;

/** The job a memory waits for next; its id is derived from the memory's, so adding it twice is harmless. */
function nextJob(memory: QueuedMemory) {
  const data: MemoryJobData = {
    memoryId: memory.id,
    eventId: memory.eventId,
    requestId: memory.requestId,
    traceparent: memory.traceparent,
  };
  if (!needsRendering(memory))
    return { name: JobName.ProcessMemory, data, opts: { jobId: processMemoryJobId(memory.id) } };
  const name = memory.type === MemoryType.Video ? JobName.RenderClip : JobName.RenderMedia;
  return { name, data, opts: { jobId: renderMediaJobId(memory.id) } };
}
type QueuedJob = ReturnType<typeof nextJob>;

/**
 * Producer side of the memory queues (one per resource profile, see QueueName). The memory row in
 * PostgreSQL is the durable record of the work; enqueueing is idempotent (job ids are derived from the
 * memory id), so the API, the workers, the outbox sweeper and a retry may all enqueue the same memory
 * without running it twice.
 */
@Injectable()
export class MemoryQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(MemoryQueue.name);
  readonly queues: Record<QueueName, Queue>;
  private readonly connection: RedisClient;
  private readonly enqueueTogether = new DataLoader<QueuedMemory, boolean>((memories) => this.tryEnqueueAll(memories), {
    cache: false,
    batchScheduleFn: (enqueue) => setImmediate(enqueue),
    maxBatchSize: 500,
  });

  constructor(
    @Inject(AppConfig) config: AppConfig,
    @Inject(RedisKeys) keys: RedisKeys,
    /** The logging context, whose requestId (a request's, or the job's that caused this one) goes into the job. */
    @Optional() private readonly log?: PinoLogger,
  ) {
    this.connection = createRedis(config, { failFast: true });
    const queue = (name: QueueName) => {
      const created = producerQueue(name, this.connection, {
        prefix: keys.queuePrefix,
        defaultJobOptions: MEMORY_JOB_OPTIONS,
      });
      created.on('error', (err) => this.logger.warn(`queue connection: ${err.message}`));
      return created;
    };
    // Every queue's producer lives here (the job metrics and the relays read them all from one place).
    this.queues = Object.fromEntries(Object.values(QueueName).map((name) => [name, queue(name)])) as Record<
      QueueName,
      Queue
    >;
  }

  private queueOf(job: QueuedJob): Queue {
    return this.queues[JobQueue[job.name]];
  }

  /** Enqueues the memory's next stage: rendering for an image without renditions, else moderation. */
  async enqueue(memory: QueuedMemory): Promise<void> {
    const job = nextJob(this.withCause(memory));
    await this.queueOf(job).add(job.name, job.data, job.opts);
  }

  /**
   * Asks AI moderation again, every `delayMs`, until it answers (for up to `attempts` tries). The memory is
   * held for a human meanwhile; whoever decides first wins.
   */
  async scheduleAiReview(memory: Pick<Memory, 'id' | 'eventId'>, delayMs: number, attempts = 60): Promise<void> {
    const payload: JobPayloads[typeof JobName.ReviewWithAi] = {
      memoryId: memory.id,
      eventId: memory.eventId,
      requestId: this.requestId(),
      traceparent: currentTraceparent(),
    };
    await this.queues[JobQueue[JobName.ReviewWithAi]].add(JobName.ReviewWithAi, payload, {
      jobId: aiReviewJobId(memory.id),
      delay: delayMs,
      attempts,
      backoff: { type: 'fixed', delay: delayMs },
    });
  }

  /** Announces an approved memory on the public feed when the screens' delay has passed (ScreenGate). */
  async scheduleRelease(memory: Pick<Memory, 'id' | 'eventId' | 'publicAt'>): Promise<void> {
    const at = memory.publicAt ? new Date(memory.publicAt).getTime() : Date.now();
    const payload: JobPayloads[typeof JobName.ReleaseToScreens] = { memoryId: memory.id, eventId: memory.eventId };
    await this.queues[JobQueue[JobName.ReleaseToScreens]].add(JobName.ReleaseToScreens, payload, {
      jobId: releaseToScreensJobId(memory.id, at),
      delay: Math.max(0, at - Date.now()),
    });
  }

  /** For the sweeper: enqueues a memory's next stage, or retries its job when that had failed. */
  async requeue(memory: QueuedMemory): Promise<void> {
    const job = nextJob(memory);
    const known = await this.queueOf(job).getJob(job.opts.jobId);
    if (known && (await known.isFailed())) await known.retry();
    else await this.enqueue(memory);
  }

  /**
   * Enqueues without ever throwing or waiting long: when Redis is away the memory stays in the outbox
   * (its 'processing' row) and the workers' sweeper enqueues it later. BullMQ would otherwise wait
   * for the connection, holding the guest's request. The memories enqueued in the same turn of the
   * event loop go to Redis together (one addBulk per queue).
   */
  tryEnqueue(memory: QueuedMemory): Promise<boolean> {
    // Read here, in the request's context: the batch is sent from outside any one request's.
    return this.enqueueTogether.load(this.withCause(memory));
  }

  /** The memory with the request and the trace (a request's or a job's) that cause its job. */
  private withCause(memory: QueuedMemory): QueuedMemory {
    const requestId = memory.requestId ?? this.requestId();
    const traceparent = memory.traceparent ?? currentTraceparent();
    return requestId || traceparent ? { ...memory, requestId, traceparent } : memory;
  }

  private requestId(): string | undefined {
    const requestId: unknown = this.log?.logger.bindings().requestId;
    return typeof requestId === 'string' ? requestId : undefined;
  }

  private async tryEnqueueAll(memories: readonly QueuedMemory[]): Promise<boolean[]> {
    let timer: NodeJS.Timeout | undefined;
    try {
      if (this.connection.status !== 'ready') throw new Error(`Redis is ${this.connection.status}`);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer from Redis in ${ENQUEUE_TIMEOUT_MS} ms`)),
          ENQUEUE_TIMEOUT_MS,
        );
      });
      const jobs = memories.map(nextJob);
      const perQueue = MEMORY_QUEUES.map((name) => ({
        queue: this.queues[name],
        jobs: jobs.filter((job) => JobQueue[job.name] === name),
      }));
      await Promise.race([
        Promise.all(perQueue.filter((q) => q.jobs.length).map((q) => q.queue.addBulk(q.jobs))),
        timeout,
      ]);
      return memories.map(() => true);
    } catch (err) {
      const ids = memories.map((m) => m.id);
      const which = ids.length === 1 ? `memory ${ids[0]} stays` : `${ids.length} memories (${ids.join(', ')}) stay`;
      this.logger.warn(`${which} in the outbox: ${(err as Error).message}`);
      return memories.map(() => false);
    } finally {
      clearTimeout(timer);
    }
  }

  async onApplicationShutdown() {
    await Promise.all(Object.values(this.queues).map((queue) => queue.close()));
    // BullMQ leaves a connection it was given open.
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
