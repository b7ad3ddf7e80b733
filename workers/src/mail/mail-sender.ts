import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createTransport, Transporter } from 'nodemailer';
import { DataSource } from 'typeorm';
import { OutgoingMail } from '@memory-wall/contracts';
import { AppConfig, OutboxMail } from '@memory-wall/core';

/** What start-up says when mail is not sent anywhere. */
export const LOCAL_OUTBOX_NOTICE =
  'SMTP_URL is not set: mail goes to the local outbox, which the owner reads in the console (Mail)';

/**
 * Delivers a rendered mail: over SMTP (nodemailer) with SMTP_URL, else into the local outbox table. A
 * failure throws, and the mail job is retried with backoff (SMTP down holds up nothing else).
 */
@Injectable()
export class MailSender implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MailSender.name);
  private readonly transport?: Transporter;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    if (config.SMTP_URL) this.transport = createTransport(config.SMTP_URL);
  }

  onModuleInit() {
    if (!this.transport) this.logger.warn(LOCAL_OUTBOX_NOTICE);
  }

  async deliver(mail: OutgoingMail): Promise<void> {
    if (!this.transport) {
      // A job run again stores its mail once.
      await this.dataSource
        .createQueryBuilder()
        .insert()
        .into(OutboxMail)
        .values({ jobId: mail.key, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        .orIgnore()
        .execute();
      return;
    }
    await this.transport.sendMail({
      from: this.config.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      // The same key for a resend after a lost acknowledgement, so a mail client can tell.
      messageId: `<${mail.key}@memory-wall>`,
    });
  }

  onApplicationShutdown() {
    this.transport?.close();
  }
}
