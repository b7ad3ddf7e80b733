import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import {
  HeldReason,
  JobName,
  JobOf,
  JobPayloads,
  MemoryJobData,
  MemoryQueueName,
  QueueName,
} from '@memory-wall/contracts';
import { AppConfig, MEMORY_JOB_OPTIONS, MemoryLifecycle, RedisKeys } from '@memory-wall/core';
import { JobLogContext } from '../logging/job-log-context';
import { JobMetrics } from '../metrics/job-metrics';
import { inJobSpan } from '../tracing/job-span';
import { assertHandlesEveryJob, JobHandlers, runJob } from './job-handlers';
import { MediaProcessor } from './media.processor';
import { MemoryProcessor } from './memory.processor';

type QueueJob<Q extends MemoryQueueName> = Job<JobPayloads[JobOf<Q>], void, JobOf<Q>>;

/**
 * The BullMQ workers of the memory queues, one per resource profile, each with its own concurrency.
 * A worker that dies mid-job loses its lock after WORKER_LOCK_MS and the job is run again elsewhere
 * (the processors are idempotent); one that is stopped (SIGTERM) finishes its jobs first.
 */
@Injectable()
export class MemoryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MemoryWorker.name);
  private readonly workers: Array<Pick<Worker, 'close'>> = [];

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
    private readonly media: MediaProcessor,
    private readonly processor: MemoryProcessor,
    private readonly lifecycle: MemoryLifecycle,
    private readonly jobMetrics: JobMetrics,
    private readonly jobLog: JobLogContext,
  ) {}

  /** What each job does. */
  readonly handlers: { [Q in MemoryQueueName]: JobHandlers<Q> } = {
    [QueueName.Media]: {
      [JobName.RenderMedia]: ({ memoryId }) => this.media.render(memoryId),
    },
    [QueueName.Moderation]: {
      [JobName.ProcessMemory]: ({ memoryId }) => this.processor.process(memoryId),
      [JobName.ReviewWithAi]: ({ memoryId }) => this.processor.reviewAgain(memoryId),
      [JobName.ReleaseToScreens]: async ({ memoryId }) => {
        // Redis's clock (the job's delay) may run ahead of PostgreSQL's: tried again, with backoff.
        if (!(await this.lifecycle.release(memoryId))) throw new Error('the screens delay has not passed yet');
      },
    },
  };

  onApplicationBootstrap() {
    assertHandlesEveryJob(QueueName.Media, this.handlers[QueueName.Media]);
    assertHandlesEveryJob(QueueName.Moderation, this.handlers[QueueName.Moderation]);
    this.start(QueueName.Media, this.config.WORKER_CONCURRENCY);
    this.start(QueueName.Moderation, this.config.MODERATION_CONCURRENCY);
  }

  private start<Q extends MemoryQueueName>(queue: Q, concurrency: number) {
    const handlers = this.handlers[queue] as JobHandlers<Q>;
    const worker = new Worker(
      queue,
      (job: QueueJob<Q>) =>
        this.jobLog.run(queue, job, () => inJobSpan(queue, job, () => runJob(handlers, job.name, job.data))),
      {
        // Workers block on Redis; they must wait for it, not fail fast.
        connection: { url: this.config.REDIS_URL, maxRetriesPerRequest: null },
        prefix: this.keys.queuePrefix,
        concurrency,
        lockDuration: this.config.WORKER_LOCK_MS,
        stalledInterval: this.config.WORKER_LOCK_MS,
      },
    );
    this.jobMetrics.observe(queue, worker);
    worker.on('failed', (failed, err) => {
      // Every job of a memory queue carries its memory's id (the compiler cannot narrow JobOf<Q> here).
      const job = failed as Job<MemoryJobData> | undefined;
      void (job ? this.jobLog.run(queue, job, () => this.onFailed(job, err)) : this.onFailed(job, err));
    });
    worker.on('error', (err) => this.logger.warn(`${queue} worker: ${err.message}`));
    this.workers.push(worker);
  }

  private async onFailed(job: Job<MemoryJobData> | undefined, err: Error) {
    // An AI re-review that never got an answer leaves the memory with the humans, where it already is; a
    // release that kept failing leaves it on the wall, which screens read on their next refetch.
    if (!job || job.name === JobName.ReviewWithAi || job.name === JobName.ReleaseToScreens) return;
    const attempts = job.opts.attempts ?? MEMORY_JOB_OPTIONS.attempts;
    this.logger.warn(
      `memory ${job.data.memoryId} ${job.name} attempt ${job.attemptsMade}/${attempts} failed: ${err.message}`,
    );
    if (job.attemptsMade >= attempts)
      await this.processor.markFailed(job.data.memoryId, { reason: HeldReason.ProcessingFailed, detail: err.message });
  }

  /**
   * SIGTERM: the workers take no new job and finish the ones under way (BullMQ's close waits for them),
   * before any connection closes (Nest closes the database and Redis in onApplicationShutdown, after this):
   * a job cut off by its own process's shutdown would fail and wait for a retry. A process killed before
   * its jobs end leaves them to the stalled-job recovery (WORKER_LOCK_MS), which runs them again elsewhere.
   */
  async beforeApplicationShutdown() {
    this.logger.log('shutting down: finishing the jobs under way');
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}
