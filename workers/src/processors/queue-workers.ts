import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { JobOf, JobPayloads, QueueName } from '@memory-wall/contracts';
import { AppConfig, createRedis, isCluster, reconnectDelay, RedisClient, RedisKeys } from '@memory-wall/core';
import { JobLogContext } from '../logging/job-log-context';
import { JobMetrics } from '../metrics/job-metrics';
import { inJobSpan } from '../tracing/job-span';
import { assertHandlesEveryJob, JobHandlers, runJob } from './job-handlers';

/** How soon a worker asks for jobs again after its Redis connection failed. */
const WORKER_RETRY_AFTER_CONNECTION_ERROR_MS = 1_000;

export type QueueJob<Q extends QueueName> = Job<JobPayloads[JobOf<Q>], void, JobOf<Q>>;

/**
 * Starts the BullMQ worker of a queue with its handler map, each job in its logging context and trace span and
 * observed by the job metrics. A worker that dies mid-job loses its lock after WORKER_LOCK_MS and the job is
 * run again elsewhere (every handler is idempotent); one that is stopped (SIGTERM) finishes its jobs first.
 */
@Injectable()
export class QueueWorkers implements BeforeApplicationShutdown {
  private readonly logger = new Logger(QueueWorkers.name);
  private readonly workers: Array<Pick<Worker, 'close'>> = [];
  /** Cluster clients handed to the workers: BullMQ leaves a connection it was given open. */
  private readonly clusterConnections: RedisClient[] = [];

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RedisKeys) private readonly keys: RedisKeys,
    private readonly jobMetrics: JobMetrics,
    private readonly jobLog: JobLogContext,
  ) {}

  start<Q extends QueueName>(
    queue: Q,
    handlers: JobHandlers<Q>,
    concurrency: number,
    onFailed?: (job: QueueJob<Q> | undefined, err: Error) => Promise<void> | void,
  ): void {
    assertHandlesEveryJob(queue, handlers);
    const worker = new Worker(
      queue,
      (job: QueueJob<Q>) =>
        this.jobLog.run(queue, job, () => inJobSpan(queue, job, () => runJob(handlers, job.name, job.data))),
      {
        connection: this.connection(),
        prefix: this.keys.queuePrefix,
        concurrency,
        lockDuration: this.config.WORKER_LOCK_MS,
        stalledInterval: this.config.WORKER_LOCK_MS,
        // After a lost Redis connection BullMQ waits this long before fetching jobs again (15 s by default),
        // which held every queue idle for 15 s after each network blip.
        runRetryDelay: WORKER_RETRY_AFTER_CONNECTION_ERROR_MS,
      },
    );
    this.jobMetrics.observe(queue, worker);
    worker.on('failed', (job, err) => {
      if (!onFailed) return this.logger.warn(`${queue} job ${job?.name} ${job?.id} failed: ${err.message}`);
      void (job ? this.jobLog.run(queue, job, () => onFailed(job, err)) : onFailed(job, err));
    });
    worker.on('error', (err) => this.logger.warn(`${queue} worker: ${err.message}`));
    this.workers.push(worker);
  }

  /** Workers block on Redis; they must wait for it, not fail fast. */
  private connection() {
    if (!isCluster(this.config))
      return { url: this.config.REDIS_URL, maxRetriesPerRequest: null, retryStrategy: reconnectDelay };
    const cluster = createRedis(this.config);
    this.clusterConnections.push(cluster);
    return cluster;
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
    await Promise.all(this.clusterConnections.map((cluster) => cluster.quit().catch(() => cluster.disconnect())));
  }
}
