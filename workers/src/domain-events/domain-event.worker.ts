import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DomainEvent, DomainEventName, JobName, KeepsakeStatus, QueueName } from '@memory-wall/contracts';
import { AppConfig, Keepsake, PasswordReset, passwordResetToken } from '@memory-wall/core';
import { JobHandlers } from '../processors/job-handlers';
import { QueueWorkers } from '../processors/queue-workers';
import { MailRecipients } from '../mail/mail-recipients';
import { keepsakeReadyMail, passwordResetMail, receiptMail } from '../mail/mail-templates';
import { Mailer } from '../mail/mailer';
import { mailLanguage } from '../mail/texts';
import { ModerationDigest } from '../mail/moderation-digest';
import { HandledOnce } from './handled-once';

/** Domain events are small and mostly wait on PostgreSQL and Redis. */
const DOMAIN_EVENT_CONCURRENCY = 8;

/**
 * The workers' handlers of the domain events, one per event name (a name without one does not compile, and
 * the worker refuses to start). Each runs once per event (HandledOnce); a failure is retried with backoff
 * (MEMORY_JOB_OPTIONS, the queues' default) and then stays a failed job on the domain-events queue.
 * Events that nothing reacts to yet are recorded as handled: the place where a module's reaction goes.
 */
@Injectable()
export class DomainEventWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger(DomainEventWorker.name);

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly once: HandledOnce,
    private readonly recipients: MailRecipients,
    private readonly mailer: Mailer,
    private readonly digest: ModerationDigest,
    private readonly workers: QueueWorkers,
  ) {}

  readonly handlers: JobHandlers<typeof QueueName.DomainEvents> = {
    [JobName.UserRegistered]: (event) => this.handle(event, () => this.noted(event)),
    [JobName.PasswordResetRequested]: (event) => this.handle(event, () => this.mailPasswordReset(event)),
    [JobName.EventPublished]: (event) => this.handle(event, () => this.noted(event)),
    [JobName.EventCompleted]: (event) => this.handle(event, () => this.noted(event)),
    [JobName.KeepsakeReady]: (event) => this.handle(event, () => this.mailKeepsakeReady(event)),
    [JobName.MemorySubmitted]: (event) => this.handle(event, () => this.digest.schedule(event.payload.eventId)),
    [JobName.MemoryApproved]: (event) => this.handle(event, () => this.noted(event)),
    [JobName.CreditsPurchased]: (event) => this.handle(event, () => this.mailReceipt(event)),
    [JobName.CreditsAdjusted]: (event) => this.handle(event, () => this.noted(event)),
  };

  onApplicationBootstrap() {
    this.workers.start(QueueName.DomainEvents, this.handlers, DOMAIN_EVENT_CONCURRENCY);
  }

  private async handle(event: DomainEvent, work: () => Promise<void>): Promise<void> {
    await this.once.run(event.id, event.name, work);
  }

  private async noted(event: DomainEvent): Promise<void> {
    this.logger.debug(`${event.name} ${event.id}`);
  }

  /** The reset link, while the reset is still open (a newer one, or its use, closes it). */
  private async mailPasswordReset(event: DomainEvent<typeof DomainEventName.PasswordResetRequested>) {
    const { resetId, userId, language } = event.payload;
    const reset = await this.dataSource.getRepository(PasswordReset).findOneBy({ id: resetId });
    if (!reset || reset.usedAt || reset.expiresAt.getTime() <= Date.now()) return;
    const user = await this.recipients.user(userId);
    if (!user) return;
    const token = passwordResetToken(this.config.SESSION_SECRET, resetId);
    const url = `${this.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
    await this.mailer.send(
      `password-reset-${resetId}`,
      user.email,
      passwordResetMail(language ? mailLanguage(language) : user.language, {
        name: user.name,
        username: user.username,
        url,
      }),
    );
  }

  /**
   * The hosts hear once that the event's keepsakes are ready: the builds of one request (the archive and both
   * books) each finish on their own, so the last one to finish mails. Its key names every kind's generation,
   * so two builds finishing together make one mail, and a later request makes another.
   */
  private async mailKeepsakeReady(event: DomainEvent<typeof DomainEventName.KeepsakeReady>) {
    const { eventId } = event.payload;
    const keepsakes = await this.dataSource
      .getRepository(Keepsake)
      .find({ where: { eventId }, order: { kind: 'ASC' } });
    const unfinished: string[] = [KeepsakeStatus.Queued, KeepsakeStatus.Building];
    if (keepsakes.some((k) => unfinished.includes(k.status))) return;
    if (!keepsakes.some((k) => k.status === KeepsakeStatus.Ready)) return;
    const found = await this.recipients.hostsOf(eventId);
    if (!found) return;
    const round = keepsakes.map((k) => k.generation).join('.');
    const url = `${this.config.PUBLIC_URL}/events/${eventId}`;
    for (const host of found.hosts)
      await this.mailer.send(
        `keepsake-ready-${eventId}-${round}-${host.userId}`,
        host.email,
        keepsakeReadyMail(host.language, { name: host.name, event: found.event.name, url }),
      );
  }

  private async mailReceipt(event: DomainEvent<typeof DomainEventName.CreditsPurchased>) {
    const purchase = event.payload;
    const to = await this.recipients.provider(purchase.serviceProviderId);
    if (!to) return;
    const locale = to.language;
    await this.mailer.send(
      `receipt-${purchase.creditTransactionId}`,
      to.email,
      receiptMail(locale, {
        name: to.name,
        pack: purchase.packName,
        credits: purchase.credits,
        amount: new Intl.NumberFormat(locale, { style: 'currency', currency: purchase.currency.toUpperCase() }).format(
          purchase.amountPaidCents / 100,
        ),
        reference: purchase.creditTransactionId,
        date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date(event.occurredAt),
        ),
      }),
    );
  }
}
