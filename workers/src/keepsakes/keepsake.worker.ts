import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { JobName, JobOf, JobPayloads, KeepsakeJobData, QueueName } from '@memory-wall/contracts';
import { AppConfig, KEEPSAKE_JOB_OPTIONS, RedisKeys } from '@memory-wall/core';
import { JobLogContext } from '../logging/job-log-context';
import { JobMetrics } from '../metrics/job-metrics';
import { assertHandlesEveryJob, JobHandlers, runJob } from '../processors/job-handlers';
import { KeepsakeBuilder } from './keepsake-builder';

type KeepsakeJob = Job<JobPayloads[JobOf<typeof QueueName.Keepsake>], void, JobOf<typeof QueueName.Keepsake>>;

/** The keepsake queue's worker, with its own concurrency (KEEPSAKE_CONCURRENCY): builds are long. */
@Injectable()
export class KeepsakeWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(KeepsakeWorker.name);
  private worker?: Pick<Worker, 'close'>;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
    private readonly builder: KeepsakeBuilder,
    private readonly jobMetrics: JobMetrics,
    private readonly jobLog: JobLogContext,
  ) {}

  readonly handlers: JobHandlers<typeof QueueName.Keepsake> = {
    [JobName.BuildKeepsake]: (data) => this.builder.build(data),
  };

  onApplicationBootstrap() {
    assertHandlesEveryJob(QueueName.Keepsake, this.handlers);
    const queue = QueueName.Keepsake;
    const worker = new Worker(
      queue,
      (job: KeepsakeJob) => this.jobLog.run(queue, job, () => runJob(this.handlers, job.name, job.data)),
      {
        connection: { url: this.config.REDIS_URL, maxRetriesPerRequest: null },
        prefix: this.keys.queuePrefix,
        concurrency: this.config.KEEPSAKE_CONCURRENCY,
        lockDuration: this.config.WORKER_LOCK_MS,
        stalledInterval: this.config.WORKER_LOCK_MS,
      },
    );
    this.jobMetrics.observe(queue, worker);
    worker.on('failed', (job, err) => void this.onFailed(job, err));
    worker.on('error', (err) => this.logger.warn(`${queue} worker: ${err.message}`));
    this.worker = worker;
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

  async onApplicationShutdown() {
    await this.worker?.close();
  }
}
