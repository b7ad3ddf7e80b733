import { Inject, Injectable } from '@nestjs/common';
import { JobName, ModerationDigestJobData, QueueName } from '@memory-wall/contracts';
import { AppConfig, MemoryQueue, MemoryRepository } from '@memory-wall/core';
import { MailRecipients } from './mail-recipients';
import { moderationDigestMail } from './mail-templates';
import { Mailer } from './mailer';

/**
 * The digest of what waits for an event's hosts' moderation. Time is cut into slots of
 * MODERATION_DIGEST_INTERVAL_MS; a submission asks for the digest at the end of its slot, one job per event
 * and slot (the job id), so the hosts hear at most once per interval, however many guests post. When the
 * digest runs, nothing waiting (moderated meanwhile, or approved automatically) means no mail.
 */
@Injectable()
export class ModerationDigest {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(MemoryQueue) private readonly queues: MemoryQueue,
    private readonly memories: MemoryRepository,
    private readonly recipients: MailRecipients,
    private readonly mailer: Mailer,
  ) {}

  async schedule(eventId: string, now = Date.now()): Promise<void> {
    const interval = this.config.MODERATION_DIGEST_INTERVAL_MS;
    const slot = Math.floor(now / interval) + 1;
    const data: ModerationDigestJobData = { eventId, slot };
    await this.queues.queues[QueueName.Mail].add(JobName.ModerationDigest, data, {
      jobId: `digest-${eventId}-${slot}`,
      delay: Math.max(0, slot * interval - now),
      attempts: 5,
      backoff: { type: 'exponential', delay: 5_000 },
    });
  }

  async send({ eventId, slot }: ModerationDigestJobData): Promise<void> {
    const count = await this.memories.countAwaitingModeration(eventId);
    if (!count) return;
    const found = await this.recipients.hostsOf(eventId);
    if (!found) return;
    const url = `${this.config.PUBLIC_URL}/events/${eventId}/moderation`;
    for (const host of found.hosts)
      await this.mailer.send(
        `digest-${eventId}-${slot}-${host.userId}`,
        host.email,
        moderationDigestMail(host.language, { name: host.name, event: found.event.name, count, url }),
      );
  }
}
