import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { JobName, QueueName } from '@memory-wall/contracts';
import { JobHandlers } from '../processors/job-handlers';
import { QueueWorkers } from '../processors/queue-workers';
import { MailSender } from './mail-sender';
import { ModerationDigest } from './moderation-digest';

/** Few at a time: mail waits on the SMTP server, and a burst must not trip its rate limits. */
const MAIL_CONCURRENCY = 4;

/** The mail queue's worker: sending mail, and the moderation digests that make some. */
@Injectable()
export class MailWorker implements OnApplicationBootstrap {
  constructor(
    private readonly sender: MailSender,
    private readonly digest: ModerationDigest,
    private readonly workers: QueueWorkers,
  ) {}

  readonly handlers: JobHandlers<typeof QueueName.Mail> = {
    [JobName.SendMail]: (mail) => this.sender.deliver(mail),
    [JobName.ModerationDigest]: (job) => this.digest.send(job),
  };

  onApplicationBootstrap() {
    this.workers.start(QueueName.Mail, this.handlers, MAIL_CONCURRENCY);
  }
}
