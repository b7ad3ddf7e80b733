import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { MemoryJobData } from '@memory-wall/contracts';

type LoggedJob = Pick<Job<object>, 'id' | 'name' | 'attemptsMade' | 'data'>;

/**
 * The fields of a job on every line logged while it runs: which job, which memory and event, and the request
 * that caused it (the jobs that are not a memory's carry what they have of these).
 */
export function jobLogFields(queue: string, job: LoggedJob) {
  const { memoryId, eventId, requestId } = job.data as Partial<MemoryJobData>;
  return { queue, job: job.name, jobId: job.id, attempt: job.attemptsMade + 1, memoryId, eventId, requestId };
}

@Injectable()
export class JobLogContext {
  constructor(private readonly log: PinoLogger) {}

  /** Runs `work` with the job's fields bound to every line logged in it, across its awaits. */
  run<T>(queue: string, job: LoggedJob, work: () => T): T {
    return this.log.runInContext(work, { bindings: jobLogFields(queue, job) });
  }
}
