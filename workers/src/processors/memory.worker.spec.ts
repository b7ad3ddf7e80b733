import type { JobLogContext } from '../logging/job-log-context';
import type { JobMetrics } from '../metrics/job-metrics';
import { JobName, QueueName } from '@memory-wall/contracts';
import type { AppConfig, MemoryLifecycle, RedisKeys } from '@memory-wall/core';
import type { MediaProcessor } from './media.processor';
import type { MemoryProcessor } from './memory.processor';
import { MemoryWorker } from './memory.worker';
import { QueueWorkers } from './queue-workers';

// No Redis is needed: start-up refuses before it would connect.
const worker = () =>
  new MemoryWorker(
    {} as AppConfig,
    {} as MediaProcessor,
    {} as MemoryProcessor,
    {} as MemoryLifecycle,
    new QueueWorkers({} as AppConfig, {} as RedisKeys, {} as JobMetrics, {} as JobLogContext),
  );

describe('MemoryWorker start-up', () => {
  it('refuses to start, naming the job, when a job of a queue has no handler', () => {
    const incomplete = worker();
    // What the compiler refuses in the source, done behind its back.
    delete (incomplete.handlers[QueueName.Moderation] as Partial<Record<string, unknown>>)[JobName.ReviewWithAi];
    expect(() => incomplete.onApplicationBootstrap()).toThrow(
      `The ${QueueName.Moderation} worker has no handler for ${JobName.ReviewWithAi}`,
    );
  });
});
