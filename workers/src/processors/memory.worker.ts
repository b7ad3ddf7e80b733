import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { HeldReason, JobName, MemoryJobData, MemoryQueueName, QueueName } from '@memory-wall/contracts';
import { AppConfig, MEMORY_JOB_OPTIONS, MemoryLifecycle } from '@memory-wall/core';
import { MediaProcessor } from './media.processor';
import { MemoryProcessor } from './memory.processor';
import { assertHandlesEveryJob, JobHandlers } from './job-handlers';
import { QueueWorkers } from './queue-workers';

/**
 * The BullMQ workers of the memory queues, one per resource profile, each with its own concurrency
 * (the processors are idempotent: a job run again after its worker died changes nothing twice).
 */
@Injectable()
export class MemoryWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger(MemoryWorker.name);

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly media: MediaProcessor,
    private readonly processor: MemoryProcessor,
    private readonly lifecycle: MemoryLifecycle,
    private readonly workers: QueueWorkers,
  ) {}

  /** What each job does. */
  readonly handlers: { [Q in MemoryQueueName]: JobHandlers<Q> } = {
    [QueueName.Media]: {
      [JobName.RenderMedia]: ({ memoryId }) => this.media.render(memoryId),
    },
    [QueueName.Clips]: {
      [JobName.RenderClip]: ({ memoryId }) => this.media.render(memoryId),
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
    // Every map checked before any worker starts.
    assertHandlesEveryJob(QueueName.Media, this.handlers[QueueName.Media]);
    assertHandlesEveryJob(QueueName.Clips, this.handlers[QueueName.Clips]);
    assertHandlesEveryJob(QueueName.Moderation, this.handlers[QueueName.Moderation]);
    const onFailed = (job: Job<MemoryJobData> | undefined, err: Error) => this.onFailed(job, err);
    this.workers.start(QueueName.Media, this.handlers[QueueName.Media], this.config.WORKER_CONCURRENCY, onFailed);
    this.workers.start(QueueName.Clips, this.handlers[QueueName.Clips], this.config.CLIP_CONCURRENCY, onFailed);
    this.workers.start(
      QueueName.Moderation,
      this.handlers[QueueName.Moderation],
      this.config.MODERATION_CONCURRENCY,
      onFailed,
    );
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
}
