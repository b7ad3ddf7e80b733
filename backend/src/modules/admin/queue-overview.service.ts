import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import {
  FAILED_JOBS_SHOWN,
  FailedJob,
  QueueMessages,
  QueueName,
  QueueOverview,
  DomainErrorCode,
} from '@memory-wall/contracts';
import { AppConfig, createRedis, DomainError, producerQueue, RedisClient, RedisKeys } from '@memory-wall/core';

const MAX_JOB_ID_LENGTH = 256;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function failedJob(job: Job): FailedJob {
  const data = (job.data ?? {}) as Record<string, unknown>;
  return {
    id: String(job.id),
    name: job.name,
    error: job.failedReason ?? '',
    attemptsMade: job.attemptsMade,
    attempts: job.opts.attempts ?? 1,
    failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    memoryId: text(data.memoryId),
    eventId: text(data.eventId),
  };
}

/**
 * The owner's view of every queue in QueueName (a queue added there appears here as it is): counts by
 * state, the failed jobs with their errors, and retrying or removing one of them, over BullMQ's own API.
 * Its Redis connection is opened at the first look, so an API instance nobody asks pays nothing.
 */
@Injectable()
export class QueueOverviewService implements OnApplicationShutdown {
  private connection?: RedisClient;
  private queues?: Map<string, Queue>;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
  ) {}

  private queue(name: string): Queue {
    if (!this.queues) {
      const connection = (this.connection = createRedis(this.config, { failFast: true }));
      this.queues = new Map(
        Object.values(QueueName).map((queue) => [
          queue,
          producerQueue(queue, connection, { prefix: this.keys.queuePrefix }),
        ]),
      );
    }
    const queue = this.queues.get(name);
    if (!queue) throw new DomainError(DomainErrorCode.NotFound, QueueMessages.queueNotFound);
    return queue;
  }

  async list(): Promise<QueueOverview[]> {
    return Promise.all(
      Object.values(QueueName).map(async (name) => {
        const queue = this.queue(name);
        const [counts, failed] = await Promise.all([
          queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'),
          queue.getJobs('failed', 0, FAILED_JOBS_SHOWN - 1, false),
        ]);
        return {
          name,
          counts: {
            waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
            active: counts.active ?? 0,
            delayed: counts.delayed ?? 0,
            failed: counts.failed ?? 0,
          },
          failed: failed.filter(Boolean).map((job) => failedJob(job as Job)),
        };
      }),
    );
  }

  /** Runs a failed job once more (its attempts so far kept): it goes back to waiting for a worker. */
  async retry(queueName: string, jobId: string): Promise<void> {
    const job = await this.failed(queueName, jobId);
    await job.retry('failed').catch(() => this.conflict());
  }

  /** Deletes a failed job and its logs from Redis. */
  async remove(queueName: string, jobId: string): Promise<void> {
    const job = await this.failed(queueName, jobId);
    await job.remove().catch(() => this.conflict());
  }

  private async failed(queueName: string, jobId: string): Promise<Job> {
    const queue = this.queue(queueName);
    const job = jobId.length <= MAX_JOB_ID_LENGTH ? await queue.getJob(jobId) : undefined;
    if (!job) throw new DomainError(DomainErrorCode.NotFound, QueueMessages.jobNotFound);
    if ((await job.getState()) !== 'failed')
      throw new DomainError(DomainErrorCode.Conflict, QueueMessages.jobNotFailed);
    return job;
  }

  /** Another hand (a worker, the sweeper, a second owner's click) moved the job first. */
  private conflict(): never {
    throw new DomainError(DomainErrorCode.Conflict, QueueMessages.jobNotFailed);
  }

  async onApplicationShutdown() {
    if (!this.queues) return;
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
