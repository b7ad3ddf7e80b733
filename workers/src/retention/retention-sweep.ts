import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isOnPublicWall, LiveMessageType, mediaDeletionDate, RETENTION_WARNING_DAYS } from '@memory-wall/contracts';
import {
  AppConfig,
  EventRepository,
  LivePublisher,
  MemoryRepository,
  ObjectStorage,
  removeMemoryObjects,
  RetentionDue,
  toHostMemory,
  toPublicMemory,
} from '@memory-wall/core';
import { MailRecipients } from '../mail/mail-recipients';
import { retentionWarningMail } from '../mail/mail-templates';
import { Mailer } from '../mail/mailer';

/**
 * Retention of completed events' media. Once an event's retention (from its completion) is a week from
 * over, its hosts are warned by mail, once. When it is over, a week after the warning at the earliest, and
 * only once the event's keepsake archive (the originals) is ready, every object of its memories is deleted,
 * the memories keep their texts without media, and the event becomes expired. A sweep cut off midway is
 * run again: deleting what is gone already is no error, and the event expires only after its objects went.
 */
@Injectable()
export class RetentionSweep {
  private readonly logger = new Logger(RetentionSweep.name);

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventRepository,
    private readonly memories: MemoryRepository,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    private readonly recipients: MailRecipients,
    private readonly mailer: Mailer,
    private readonly live: LivePublisher,
  ) {}

  async run(): Promise<void> {
    const defaultDays = this.config.RETENTION_DAYS;
    const toWarn = await this.events.findDueForRetentionWarning(defaultDays, RETENTION_WARNING_DAYS);
    for (const event of toWarn) await this.warn(event);
    const toExpire = await this.events.findDueForExpiry(defaultDays, RETENTION_WARNING_DAYS);
    for (const event of toExpire) await this.expire(event.id);
  }

  /** Marks the event warned and mails its hosts in one transaction: a mail that could not be queued is tried again. */
  private async warn({ id, completedAt, days }: RetentionDue): Promise<void> {
    const found = await this.recipients.hostsOf(id);
    if (!found) return;
    // Never sooner than a week after this warning, whatever the retention says.
    const deletedOn = mediaDeletionDate(completedAt, days, new Date());
    const url = `${this.config.PUBLIC_URL}/events/${id}`;
    await this.dataSource.transaction(async (tx) => {
      if (!(await this.events.within(tx).markRetentionWarned(id))) return;
      for (const host of found.hosts) {
        const date = new Intl.DateTimeFormat(host.language, { dateStyle: 'long', timeZone: 'UTC' }).format(deletedOn);
        await this.mailer.send(
          `retention-warning-${id}-${host.userId}`,
          host.email,
          retentionWarningMail(host.language, { name: host.name, event: found.event.name, date, url }),
        );
      }
    });
  }

  private async expire(eventId: string): Promise<void> {
    const ids = (await this.memories.findWithMedia(eventId)).map((m) => m.id);
    await removeMemoryObjects(this.storage, eventId, ids);
    const expired = await this.dataSource.transaction(async (tx) => {
      await this.memories.within(tx).removeMedia(eventId);
      return this.events.within(tx).markExpired(eventId);
    });
    if (!expired) return;
    this.logger.log(`event ${eventId} expired: the objects of ${ids.length} memories deleted`);
    // Screens and hosts drop the images they still show.
    for (const memory of await this.memories.findWithMedia(eventId))
      await this.live
        .publish(eventId, {
          hosts: { type: LiveMessageType.MemoryUpdated, memory: toHostMemory(memory) },
          ...(isOnPublicWall(memory) && {
            public: { type: LiveMessageType.MemoryUpdated, memory: toPublicMemory(memory) },
          }),
        })
        .catch((err: Error) => this.logger.warn(`event ${eventId}: memory ${memory.id} not announced: ${err.message}`));
  }
}
