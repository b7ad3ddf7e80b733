import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { JobPayloads, JobName } from '@memory-wall/contracts';

type AnyJobData = JobPayloads[JobName];

/**
 * The fields of a job on every line logged while it runs: which job, which memory (or keepsake) and event,
 * and the request that caused it.
 */
export function jobLogFields(queue: string, job: Pick<Job<AnyJobData>, 'id' | 'name' | 'attemptsMade' | 'data'>) {
  const data = job.data;
  const subject =
    'memoryId' in data ? { memoryId: data.memoryId, requestId: data.requestId } : { keepsakeId: data.keepsakeId };
  return { queue, job: job.name, jobId: job.id, attempt: job.attemptsMade + 1, ...subject, eventId: data.eventId };
}

@Injectable()
export class JobLogContext {
  constructor(private readonly log: PinoLogger) {}

  /** Runs `work` with the job's fields bound to every line logged in it, across its awaits. */
  run<T>(queue: string, job: Pick<Job<AnyJobData>, 'id' | 'name' | 'attemptsMade' | 'data'>, work: () => T): T {
    return this.log.runInContext(work, { bindings: jobLogFields(queue, job) });
  }
}
