import type { Job } from 'bullmq';
import type { JobName, JobPayloads, MemoryJobData } from '@memory-wall/contracts';
import { contextFrom, inSpan, SpanKind } from '@memory-wall/core';

/**
 * Runs a job in a consumer span that continues the trace it was enqueued in (the traceparent in its data:
 * the guest's request, or the job before it), so one trace goes from the POST to the live publish.
 */
export function inJobSpan<T>(
  queue: string,
  job: Pick<Job<JobPayloads[JobName]>, 'id' | 'name' | 'attemptsMade' | 'data'>,
  work: () => Promise<T>,
): Promise<T> {
  const { memoryId, traceparent, eventId } = job.data as Partial<MemoryJobData>;
  return inSpan(
    `process ${queue}`,
    {
      kind: SpanKind.CONSUMER,
      parent: contextFrom({ traceparent }),
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'process',
        'messaging.destination.name': queue,
        'messaging.message.id': job.id,
        'memorywall.job': job.name,
        'memorywall.job.attempt': job.attemptsMade + 1,
        'memorywall.memory_id': memoryId,
        'memorywall.event_id': eventId,
      },
    },
    work,
  );
}
