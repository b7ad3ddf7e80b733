import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { buildKeepsakeJobId, JobName, KeepsakeJobData, QueueName } from '@memory-wall/contracts';
import { AppConfig } from '../config/app-config';
import { RedisKeys } from '../redis/redis-keys';
import { producerQueue } from '../queue/producer-queue';
import { createRedis, RedisClient } from '../redis/redis.module';

/**
 * A build retried a few times (storage or the database away for a moment), then left failed for hosts to
 * ask again. A worker that dies mid-build loses its lock and the job starts over from the first memory.
 */
export const KEEPSAKE_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/** Producer side of the keepsake queue; a job id per keepsake and request, so adding one twice is harmless. */
@Injectable()
export class KeepsakeQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(KeepsakeQueue.name);
  readonly queue: Queue;
  private readonly connection: RedisClient;

  constructor(@Inject(AppConfig) config: AppConfig, @Inject(RedisKeys) keys: RedisKeys) {
    this.connection = createRedis(config, { failFast: true });
    this.queue = producerQueue(QueueName.Keepsake, this.connection, {
      prefix: keys.queuePrefix,
      defaultJobOptions: KEEPSAKE_JOB_OPTIONS,
    });
    this.queue.on('error', (err) => this.logger.warn(`queue connection: ${err.message}`));
  }

  async enqueue(builds: readonly KeepsakeJobData[]): Promise<void> {
    await this.queue.addBulk(
      builds.map((data) => ({
        name: JobName.BuildKeepsake,
        data,
        opts: { jobId: buildKeepsakeJobId(data.keepsakeId, data.generation) },
      })),
    );
  }

  async onApplicationShutdown() {
    await this.queue.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
