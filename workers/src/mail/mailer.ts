import { Inject, Injectable } from '@nestjs/common';
import { JobName, OutgoingMail, QueueName } from '@memory-wall/contracts';
import { MemoryQueue } from '@memory-wall/core';
import type { RenderedMail } from './mail-templates';

/** Mail is retried for about a day (SMTP down for hours), then stays a failed job for the owner to see. */
export const MAIL_JOB_OPTIONS = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 5_000 },
} as const;

/**
 * Queues mail for the mail worker. `key` names the mail for good (e.g. `receipt-<transaction id>`): the job's
 * id is made of it, so asking again for the same mail while its job exists adds nothing.
 */
@Injectable()
export class Mailer {
  constructor(@Inject(MemoryQueue) private readonly queues: MemoryQueue) {}

  async send(key: string, to: string, mail: RenderedMail): Promise<void> {
    const data: OutgoingMail = { key, to, ...mail };
    await this.queues.queues[QueueName.Mail].add(JobName.SendMail, data, { ...MAIL_JOB_OPTIONS, jobId: `mail-${key}` });
  }
}
