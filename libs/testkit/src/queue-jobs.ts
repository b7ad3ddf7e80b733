import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { JobName, JobQueue, MemoryJobData } from '@memory-wall/contracts';
import { RedisKeys } from '@memory-wall/core';

/**
 * The product's queues of one test environment, seen from outside as BullMQ's API sees them: adds jobs,
 * and fails one by hand exactly as a worker whose run threw does (take it with a lock, move it to failed).
 */
export class QueueJobs {
  private readonly connection: Redis;
  private readonly prefix: string;
  private readonly queues = new Map<string, Queue>();

  constructor(env: Record<string, string>) {
    this.connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
    this.prefix = new RedisKeys(env.REDIS_PREFIX).queuePrefix;
  }

  queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) this.queues.set(name, (queue = new Queue(name, { connection: this.connection, prefix: this.prefix })));
    return queue;
  }

  /** Adds a job of the product (to its queue) for a memory that need not exist. */
  async add(name: JobName, options: { delay?: number; lifo?: boolean } = {}): Promise<string> {
    const data: MemoryJobData = { memoryId: randomUUID(), eventId: randomUUID() };
    const job = await this.queue(JobQueue[name]).add(name, data, { attempts: 1, ...options });
    return job.id!;
  }

  /**
   * A job that ran once and failed for good with `error`. Added last-in-first-out, so it is the next one
   * taken whatever else waits in its queue (no worker may be running on it).
   */
  async failed(name: JobName, error: string): Promise<{ id: string; memoryId: string }> {
    const id = await this.add(name, { lifo: true });
    const worker = new Worker(JobQueue[name], null, {
      connection: this.connection,
      prefix: this.prefix,
      autorun: false,
    });
    const token = randomUUID();
    const job = await worker.getNextJob(token);
    if (job?.id !== id) throw new Error(`expected to take job ${id}, took ${job?.id}`);
    await job.moveToFailed(new Error(error), token);
    await worker.close();
    return { id, memoryId: (job.data as MemoryJobData).memoryId };
  }

  async state(queue: string, id: string) {
    const job = await this.queue(queue).getJob(id);
    return job ? job.getState() : 'gone';
  }

  async close() {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await this.connection.quit();
  }
}
