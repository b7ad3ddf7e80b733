import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Job } from 'bullmq';
import { Repository } from 'typeorm';
import { JobName, JobPayloads, LiveMessageType, ProcessingState, QueueName } from '@memory-wall/contracts';
import { AppConfig, Event, LivePublisher, Memory, toPublicMemory } from '@memory-wall/core';
import { decideModeration } from './moderation-decision';

type ProcessMemoryJob = Job<JobPayloads[typeof JobName.ProcessMemory]>;

@Processor(QueueName.Memories)
export class MemoryProcessor extends WorkerHost implements OnModuleInit {
  private readonly logger = new Logger(MemoryProcessor.name);

  constructor(
    @InjectRepository(Memory) private readonly memories: Repository<Memory>,
    @InjectRepository(Event) private readonly events: Repository<Event>,
    private readonly live: LivePublisher,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {
    super();
  }

  onModuleInit() {
    this.worker.concurrency = this.config.WORKER_CONCURRENCY;
  }

  /**
   * Moderates one stored memory and announces it. Idempotent: a memory that is no longer 'processing'
   * was handled by an earlier run, and the conditional UPDATE lets only one run win. Errors are thrown so
   * BullMQ retries with backoff.
   */
  async process(job: ProcessMemoryJob): Promise<void> {
    const memory = await this.memories.findOneBy({ id: job.data.memoryId });
    if (!memory || memory.processingState !== ProcessingState.Processing) return;
    const event = await this.events.findOneByOrFail({ id: memory.eventId });

    const decision = decideModeration(event.moderationType);
    const result = await this.memories
      .createQueryBuilder()
      .update()
      .set({
        processingState: ProcessingState.Ready,
        approved: decision.approved,
        moderation: decision.reason ? { reason: decision.reason } : null,
      })
      .where('id = :id AND "processingState" = :processing', { id: memory.id, processing: ProcessingState.Processing })
      .execute();
    if (result.affected !== 1) return;

    if (decision.approved) {
      const approved = { ...memory, approved: true };
      await this.live.publish(memory.eventId, { type: LiveMessageType.MemoryApproved, memory: toPublicMemory(approved) });
    }
    this.logger.debug(`memory ${memory.id} ${decision.approved ? 'approved' : 'held'}`);
  }
}
