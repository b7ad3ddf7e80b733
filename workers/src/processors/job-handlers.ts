import { JobName, JobOf, JobPayloads, jobsOf, QueueName } from '@memory-wall/contracts';

export type JobHandler<N extends JobName> = (data: JobPayloads[N]) => Promise<void>;

/** One handler per job of the queue: a job without one does not compile. */
export type JobHandlers<Q extends QueueName> = { [N in JobOf<Q>]: JobHandler<N> };

/**
 * The same promise at start-up, for a map the compiler could not see whole (a cast, a handler left
 * undefined): a worker that would fail every such job refuses to start instead.
 */
export function assertHandlesEveryJob<Q extends QueueName>(queue: Q, handlers: JobHandlers<Q>): void {
  const missing = jobsOf(queue).filter((name) => typeof handlers[name] !== 'function');
  if (missing.length) throw new Error(`The ${queue} worker has no handler for ${missing.join(', ')}`);
}

/** Runs a job with its handler. */
export function runJob<Q extends QueueName>(
  handlers: JobHandlers<Q>,
  name: JobOf<Q>,
  data: JobPayloads[JobOf<Q>],
): Promise<void> {
  return (handlers[name] as JobHandler<JobOf<Q>>)(data);
}
