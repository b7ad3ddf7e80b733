import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { HeldReason, JobName, QueueName } from '@memory-wall/contracts';
import { AppConfig, MEMORY_JOB_OPTIONS } from '@memory-wall/core';
import { assertHandlesEveryJob, JobHandlers } from './job-handlers';
import { MediaProcessor } from './media.processor';
import { MemoryProcessor } from './memory.processor';
import { QueueWorkers } from './queue-workers';

type MemoryQueues = typeof QueueName.Media | typeof QueueName.Moderation;

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
    private readonly workers: QueueWorkers,
  ) {}

  /** What each job does. */
  readonly handlers: { [Q in MemoryQueues]: JobHandlers<Q> } = {
    [QueueName.Media]: {
      [JobName.RenderMedia]: ({ memoryId }) => this.media.render(memoryId),
    },
    [QueueName.Moderation]: {
      [JobName.ProcessMemory]: ({ memoryId }) => this.processor.process(memoryId),
      [JobName.ReviewWithAi]: ({ memoryId }) => this.processor.reviewAgain(memoryId),
    },
  };

  onApplicationBootstrap() {
    // Both maps checked before either worker starts.
    assertHandlesEveryJob(QueueName.Media, this.handlers[QueueName.Media]);
    assertHandlesEveryJob(QueueName.Moderation, this.handlers[QueueName.Moderation]);
    const onFailed = (job: Job<{ memoryId: string }> | undefined, err: Error) => this.onFailed(job, err);
    this.workers.start(QueueName.Media, this.handlers[QueueName.Media], this.config.WORKER_CONCURRENCY, onFailed);
    this.workers.start(
      QueueName.Moderation,
      this.handlers[QueueName.Moderation],
      this.config.MODERATION_CONCURRENCY,
      onFailed,
    );
  }

  private async onFailed(job: Job<{ memoryId: string }> | undefined, err: Error) {
    // An AI re-review that never got an answer leaves the memory with the humans, where it already is.
    if (!job || job.name === JobName.ReviewWithAi) return;
    const attempts = job.opts.attempts ?? MEMORY_JOB_OPTIONS.attempts;
    this.logger.warn(
      `memory ${job.data.memoryId} ${job.name} attempt ${job.attemptsMade}/${attempts} failed: ${err.message}`,
    );
    if (job.attemptsMade >= attempts)
      await this.processor.markFailed(job.data.memoryId, { reason: HeldReason.ProcessingFailed, detail: err.message });
  }
}
