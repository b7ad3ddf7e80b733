import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import { MEMORY_QUEUES, QueueName } from '@memory-wall/contracts';
import { KeepsakeQueue, MemoryQueue, Metrics } from '@memory-wall/core';
import { ModerationDecision } from '../processors/moderation-decision';

/** BullMQ's job states that a queue's depth is read in. */
const JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'failed', 'completed'] as const;

/**
 * The queues in numbers: depth by state (read at scrape time), and from each worker's own events how
 * long jobs waited and ran and how their attempts ended. Nothing is added to the jobs' own code.
 */
@Injectable()
export class JobMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    @Inject(MemoryQueue) private readonly queue: MemoryQueue,
    @Inject(KeepsakeQueue) private readonly keepsakes: KeepsakeQueue,
  ) {}

  onModuleInit() {
    for (const name of MEMORY_QUEUES)
      this.metrics.watchQueue(name, () => this.queue.queues[name].getJobCounts(...JOB_STATES));
    this.metrics.watchQueue(QueueName.Keepsake, () => this.keepsakes.queue.getJobCounts(...JOB_STATES));
  }

  /** Follows one worker's events. */
  observe<D, R, N extends string>(queue: QueueName, worker: Worker<D, R, N>) {
    const { jobWait, jobDuration, jobFailures, jobRetries } = this.metrics;
    worker.on('active', (job: Job<D, R, N>) => {
      // Only a first attempt: a retry's wait is mostly its own backoff.
      if (job.attemptsStarted <= 1 && job.processedOn)
        jobWait.observe({ queue, job: job.name }, (job.processedOn - job.timestamp - (job.delay ?? 0)) / 1000);
    });
    worker.on('completed', (job: Job<D, R, N>) => {
      if (job.processedOn && job.finishedOn)
        jobDuration.observe({ queue, job: job.name, outcome: 'completed' }, (job.finishedOn - job.processedOn) / 1000);
    });
    worker.on('failed', (job: Job<D, R, N> | undefined) => {
      if (!job) return;
      if (job.processedOn)
        jobDuration.observe(
          { queue, job: job.name, outcome: 'failed' },
          ((job.finishedOn ?? Date.now()) - job.processedOn) / 1000,
        );
      const final = job.attemptsMade >= (job.opts.attempts ?? 1);
      (final ? jobFailures : jobRetries).inc({ queue, job: job.name });
    });
  }
}

/** A moderation decision as a label: approved, or the code of the reason it was held for. */
export function moderationOutcome(decision: ModerationDecision): string {
  return decision.approved ? 'approved' : (decision.held?.reason ?? 'held');
}
