import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { JobName, KeepsakeJobData, QueueName } from '@memory-wall/contracts';
import { AppConfig, KEEPSAKE_JOB_OPTIONS } from '@memory-wall/core';
import { JobHandlers } from '../processors/job-handlers';
import { QueueWorkers } from '../processors/queue-workers';
import { KeepsakeBuilder } from './keepsake-builder';

/** The keepsake queue's worker, with its own concurrency (KEEPSAKE_CONCURRENCY): builds are long. */
@Injectable()
export class KeepsakeWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger(KeepsakeWorker.name);

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly builder: KeepsakeBuilder,
    private readonly workers: QueueWorkers,
  ) {}

  readonly handlers: JobHandlers<typeof QueueName.Keepsake> = {
    [JobName.BuildKeepsake]: (data) => this.builder.build(data),
  };

  onApplicationBootstrap() {
    this.workers.start(QueueName.Keepsake, this.handlers, this.config.KEEPSAKE_CONCURRENCY, (job, err) =>
      this.onFailed(job, err),
    );
  }

  private async onFailed(job: Job<KeepsakeJobData> | undefined, err: Error) {
    if (!job) return;
    const attempts = job.opts.attempts ?? KEEPSAKE_JOB_OPTIONS.attempts;
    this.logger.warn(`keepsake ${job.data.keepsakeId} attempt ${job.attemptsMade}/${attempts} failed: ${err.message}`);
    if (job.attemptsMade >= attempts)
      await this.builder
        .fail({ id: job.data.keepsakeId, generation: job.data.generation }, err.message)
        .catch((e: Error) => this.logger.warn(`keepsake ${job.data.keepsakeId} not marked failed: ${e.message}`));
  }
}
