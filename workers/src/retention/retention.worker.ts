import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { JobName, QueueName } from '@memory-wall/contracts';
import { AppConfig, MemoryQueue } from '@memory-wall/core';
import { JobHandlers } from '../processors/job-handlers';
import { QueueWorkers } from '../processors/queue-workers';
import { RetentionSweep } from './retention-sweep';

/** The scheduler's id: every workers process upserts the same one, so there is one sweep per interval. */
export const RETENTION_SCHEDULER_ID = 'retention-sweep';
/** How soon scheduling is tried again when Redis did not answer at start-up. */
const RESCHEDULE_MS = 5_000;

/** The maintenance queue's worker: the retention sweep, repeated every RETENTION_SWEEP_MS by BullMQ. */
@Injectable()
export class RetentionWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RetentionWorker.name);
  private retry?: NodeJS.Timeout;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(MemoryQueue) private readonly queues: MemoryQueue,
    private readonly sweep: RetentionSweep,
    private readonly workers: QueueWorkers,
  ) {}

  readonly handlers: JobHandlers<typeof QueueName.Maintenance> = {
    [JobName.RetentionSweep]: () => this.sweep.run(),
  };

  onApplicationBootstrap() {
    this.workers.start(QueueName.Maintenance, this.handlers, 1);
    void this.schedule();
  }

  /** Upserts the sweep's scheduler; tried again until Redis takes it (start-up does not wait on Redis). */
  private async schedule(): Promise<void> {
    try {
      await this.queues.queues[QueueName.Maintenance].upsertJobScheduler(
        RETENTION_SCHEDULER_ID,
        { every: this.config.RETENTION_SWEEP_MS },
        {
          name: JobName.RetentionSweep,
          data: {},
          opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 } },
        },
      );
    } catch (err) {
      this.logger.warn(`retention sweep not scheduled yet: ${(err as Error).message}`);
      this.retry = setTimeout(() => void this.schedule(), RESCHEDULE_MS);
    }
  }

  onApplicationShutdown() {
    clearTimeout(this.retry);
  }
}
