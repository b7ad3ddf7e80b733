import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { PinoLogger } from 'nestjs-pino';
import { JobName, JobPayloads, KeepsakeJobData, MemoryJobData } from '@memory-wall/contracts';

type AnyJobData = JobPayloads[JobName];

/**
 * The fields of a job on every line logged while it runs: which job, which memory (or keepsake) and event,
 * and the request that caused it (the jobs that are neither carry what they have of these).
 */
export function jobLogFields(queue: string, job: Pick<Job<AnyJobData>, 'id' | 'name' | 'attemptsMade' | 'data'>) {
  const data = job.data as Partial<MemoryJobData & KeepsakeJobData>;
  const { memoryId, keepsakeId, eventId, requestId } = data;
  return {
    queue,
    job: job.name,
    jobId: job.id,
    attempt: job.attemptsMade + 1,
    memoryId,
    keepsakeId,
    eventId,
    requestId,
  };
}

@Injectable()
export class JobLogContext {
  constructor(private readonly log: PinoLogger) {}

  /** Runs `work` with the job's fields bound to every line logged in it, across its awaits. */
  run<T>(queue: string, job: Pick<Job<AnyJobData>, 'id' | 'name' | 'attemptsMade' | 'data'>, work: () => T): T {
    return this.log.runInContext(work, { bindings: jobLogFields(queue, job) });
  }
}
