import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import {
  AppConfig,
  Event,
  Keepsake,
  KeepsakeQueue,
  LivePublisher,
  Memory,
  MEMORY_PROVIDERS,
  MemoryQueue,
  platformModules,
} from '@memory-wall/core';
import { AiModeration } from './adapters/ai-moderation';
import { DomainEventRelay } from './domain-events/domain-event-relay';
import { DomainEventWorker } from './domain-events/domain-event.worker';
import { HandledOnce } from './domain-events/handled-once';
import { MailRecipients } from './mail/mail-recipients';
import { MailSender } from './mail/mail-sender';
import { MailWorker } from './mail/mail.worker';
import { Mailer } from './mail/mailer';
import { ModerationDigest } from './mail/moderation-digest';
import { ImageRenditions } from './media/image-renditions';
import { VideoRenditions } from './media/video-renditions';
import { VoiceRenditions } from './media/voice-renditions';
import { JobLogContext } from './logging/job-log-context';
import { KeepsakeBuilder } from './keepsakes/keepsake-builder';
import { KeepsakeWorker } from './keepsakes/keepsake.worker';
import { JobMetrics } from './metrics/job-metrics';
import { OutboxSweeper } from './outbox/outbox-sweeper';
import { MediaProcessor } from './processors/media.processor';
import { MemoryProcessor } from './processors/memory.processor';
import { MemoryWorker } from './processors/memory.worker';
import { QueueWorkers } from './processors/queue-workers';
import { RetentionSweep } from './retention/retention-sweep';
import { RetentionWorker } from './retention/retention.worker';

@Module({})
export class WorkersModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: WorkersModule,
      imports: [...platformModules(config, logger, 'workers'), TypeOrmModule.forFeature([Memory, Event, Keepsake])],
      providers: [
        ...MEMORY_PROVIDERS,
        MemoryProcessor,
        MediaProcessor,
        MemoryWorker,
        ImageRenditions,
        VideoRenditions,
        VoiceRenditions,
        AiModeration,
        LivePublisher,
        MemoryQueue,
        OutboxSweeper,
        JobMetrics,
        JobLogContext,
        KeepsakeBuilder,
        KeepsakeWorker,
        KeepsakeQueue,
        QueueWorkers,
        DomainEventRelay,
        DomainEventWorker,
        HandledOnce,
        MailSender,
        Mailer,
        MailRecipients,
        MailWorker,
        ModerationDigest,
        RetentionSweep,
        RetentionWorker,
      ],
    };
  }
}
