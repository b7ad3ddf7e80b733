import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { JobName, JobPayloads, QueueName } from '@memory-wall/contracts';
import { AppConfig, MEMORY_JOB_OPTIONS, RedisKeys } from '@memory-wall/core';
import { MemoryProcessor } from './memory.processor';

type MemoryJob = Job<JobPayloads[typeof JobName.ProcessMemory] | JobPayloads[typeof JobName.ReviewWithAi]>;

/**
 * The BullMQ worker of the memories queue. A worker that dies mid-job loses its lock after
 * WORKER_LOCK_MS and the job is run again elsewhere (the processor is idempotent).
 */
@Injectable()
export class MemoryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MemoryWorker.name);
  private worker?: Worker;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
    private readonly processor: MemoryProcessor,
  ) {}

  onApplicationBootstrap() {
    this.worker = new Worker(QueueName.Memories, (job: MemoryJob) => this.run(job), {
      // Workers block on Redis; they must wait for it, not fail fast.
      connection: { url: this.config.REDIS_URL, maxRetriesPerRequest: null },
      prefix: this.keys.queuePrefix,
      concurrency: this.config.WORKER_CONCURRENCY,
      lockDuration: this.config.WORKER_LOCK_MS,
      stalledInterval: this.config.WORKER_LOCK_MS,
    });
    this.worker.on('failed', (job, err) => void this.onFailed(job, err));
    this.worker.on('error', (err) => this.logger.warn(`worker: ${err.message}`));
  }

  private run(job: MemoryJob) {
    return job.name === JobName.ReviewWithAi ? this.processor.reviewAgain(job.data.memoryId) : this.processor.process(job.data.memoryId);
  }

  private async onFailed(job: MemoryJob | undefined, err: Error) {
    // An AI re-review that never got an answer leaves the memory with the humans, where it already is.
    if (!job || job.name === JobName.ReviewWithAi) return;
    const attempts = job.opts.attempts ?? MEMORY_JOB_OPTIONS.attempts;
    this.logger.warn(`memory ${job.data.memoryId} attempt ${job.attemptsMade}/${attempts} failed: ${err.message}`);
    if (job.attemptsMade >= attempts) await this.processor.markFailed(job.data.memoryId, `Processing failed: ${err.message}`);
  }

  async onApplicationShutdown() {
    await this.worker?.close();
  }
}
