import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { ProcessingState } from '@memory-wall/contracts';
import { Memory, MemoryQueue } from '@memory-wall/core';

export const SWEEP_INTERVAL_MS = 5_000;
/** Older than this and still processing: the request's own enqueue did not happen (Redis was away). */
export const SWEEP_AFTER_MS = 5_000;
const SWEEP_BATCH = 500;

/**
 * The relay of the outbox: memories stored while Redis was unreachable are enqueued once it is back, at
 * the stage they wait for (rendering or moderation).
 * Safe to run in every workers process: enqueueing is idempotent per memory.
 */
@Injectable()
export class OutboxSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxSweeper.name);
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    @InjectRepository(Memory) private readonly memories: Repository<Memory>,
    @Inject(MemoryQueue) private readonly queue: MemoryQueue,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
  }

  async sweep(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      const waiting = await this.memories.find({
        select: { id: true, type: true, media: true, eventId: true },
        where: { processingState: ProcessingState.Processing, createdAt: LessThan(new Date(Date.now() - SWEEP_AFTER_MS)) },
        order: { createdAt: 'ASC' },
        take: SWEEP_BATCH,
      });
      for (const memory of waiting) await this.queue.requeue(memory);
      if (waiting.length) this.logger.log(`re-enqueued ${waiting.length} waiting memories`);
      return waiting.length;
    } catch (err) {
      this.logger.warn(`sweep failed, will retry: ${(err as Error).message}`);
      return 0;
    } finally {
      this.running = false;
    }
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }
}
