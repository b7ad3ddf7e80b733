import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, Repository } from 'typeorm';
import { EventStatus, KeepsakeKind, KeepsakeStatus } from '@memory-wall/contracts';
import { Event } from '../database/entities/event.entity';
import { EventAdmin } from '../database/entities/event-admin.entity';
import {
  EventChanges,
  EventKey,
  EventRepository,
  EventScreens,
  NewEvent,
  ProviderEventCounts,
  RetentionDue,
  RetentionState,
} from './event.repository';

const NEWEST_FIRST = { createdAt: 'DESC' } as const;

/** Each completed event's retention: its provider's days, else the configured default ($1); when it was warned. */
const COMPLETED_WITH_RETENTION = `
  SELECT e."id", e."completedAt", COALESCE(sp."retentionDays", $1)::int AS "days", e."retentionWarnedAt" AS "warnedAt"
  FROM "events" e LEFT JOIN "service_providers" sp ON sp."id" = e."serviceProviderId"
  WHERE e."status" = '${EventStatus.Completed}'`;

/** The event SQL, against PostgreSQL (see EventRepository). */
@Injectable()
export class TypeOrmEventRepository extends EventRepository {
  constructor(@InjectRepository(Event) private readonly events: Repository<Event>) {
    super();
  }

  within(tx: EntityManager): EventRepository {
    return new TypeOrmEventRepository(tx.getRepository(Event));
  }

  findById(id: string): Promise<Event | null> {
    return this.events.findOneBy({ id });
  }

  getById(id: string): Promise<Event> {
    return this.events.findOneByOrFail({ id });
  }

  lock(id: string): Promise<Event> {
    return this.events.findOneOrFail({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  findByKey(key: EventKey): Promise<Event | null> {
    return this.events.findOneBy(key);
  }

  findScreens(id: string): Promise<EventScreens | null> {
    return this.events.findOne({
      where: { id },
      select: { id: true, screensHeldAt: true, screensComingSoon: true },
    });
  }

  listAll(): Promise<Event[]> {
    return this.events.find({ order: NEWEST_FIRST });
  }

  listOfProvider(serviceProviderId: string): Promise<Event[]> {
    return this.events.find({ where: { serviceProviderId }, order: NEWEST_FIRST });
  }

  listAdministeredBy(userId: string): Promise<Event[]> {
    return this.events
      .createQueryBuilder('event')
      .innerJoin(EventAdmin, 'admin', 'admin.eventId = event.id AND admin.userId = :userId', { userId })
      .orderBy('event.createdAt', 'DESC')
      .getMany();
  }

  isCustomerOfProvider(customerId: string, serviceProviderId: string): Promise<boolean> {
    return this.events.manager
      .getRepository(EventAdmin)
      .createQueryBuilder('admin')
      .innerJoin(Event, 'event', 'event.id = admin.eventId')
      .where('admin.userId = :customerId AND event.serviceProviderId = :serviceProviderId', {
        customerId,
        serviceProviderId,
      })
      .getExists();
  }

  codeTaken(eventCode: string): Promise<boolean> {
    return this.events.existsBy({ eventCode });
  }

  slugTaken(slug: string): Promise<boolean> {
    return this.events.existsBy({ slug });
  }

  create(fields: NewEvent): Promise<Event> {
    return this.events.save(this.events.create(fields));
  }

  async update(id: string, changes: EventChanges): Promise<void> {
    await this.events.update({ id }, changes);
  }

  async deleteDraft(id: string): Promise<boolean> {
    const deleted = await this.events.delete({ id, status: EventStatus.Draft });
    return deleted.affected === 1;
  }

  async now(): Promise<Date> {
    const [{ now }] = await this.events.query<Array<{ now: Date }>>('SELECT now() AS now');
    return now;
  }

  async countProvidersLive(): Promise<number> {
    const row = await this.events
      .createQueryBuilder('event')
      .select('COUNT(DISTINCT event.serviceProviderId)', 'count')
      .where('event.status = :live', { live: EventStatus.Live })
      .getRawOne<{ count: string }>();
    return Number(row?.count ?? 0);
  }

  async countPerProvider(serviceProviderIds: readonly string[]): Promise<Map<string, ProviderEventCounts>> {
    if (!serviceProviderIds.length) return new Map();
    const rows: Array<{ providerId: string; total: string; active: string }> = await this.events
      .createQueryBuilder('event')
      .select('event.serviceProviderId', 'providerId')
      .addSelect('COUNT(*)', 'total')
      .addSelect('COUNT(*) FILTER (WHERE event.status = :live)', 'active')
      .where('event.serviceProviderId IN (:...providerIds)', {
        providerIds: [...serviceProviderIds],
        live: EventStatus.Live,
      })
      .groupBy('event.serviceProviderId')
      .getRawMany();
    return new Map(rows.map((r) => [r.providerId, { total: Number(r.total), active: Number(r.active) }]));
  }

  findDueForRetentionWarning(defaultDays: number, warningDays: number): Promise<RetentionDue[]> {
    return this.events.query(
      `${COMPLETED_WITH_RETENTION} AND e."retentionWarnedAt" IS NULL
       AND e."completedAt" + make_interval(days => COALESCE(sp."retentionDays", $1) - $2) <= now()`,
      [defaultDays, warningDays],
    );
  }

  findDueForExpiry(defaultDays: number, warningDays: number): Promise<RetentionDue[]> {
    return this.events.query(
      `${COMPLETED_WITH_RETENTION} AND e."retentionWarnedAt" <= now() - make_interval(days => $2)
       AND e."completedAt" + make_interval(days => COALESCE(sp."retentionDays", $1)) <= now()
       AND EXISTS (SELECT 1 FROM "keepsakes" k WHERE k."eventId" = e."id"
                   AND k."kind" = '${KeepsakeKind.Archive}' AND k."status" = '${KeepsakeStatus.Ready}')`,
      [defaultDays, warningDays],
    );
  }

  async findRetention(id: string, defaultDays: number): Promise<RetentionState | null> {
    const [row] = await this.events.query<RetentionState[]>(`${COMPLETED_WITH_RETENTION} AND e."id" = $2`, [
      defaultDays,
      id,
    ]);
    return row ?? null;
  }

  async markRetentionWarned(id: string): Promise<boolean> {
    const warned = await this.events.update(
      { id, retentionWarnedAt: IsNull(), status: EventStatus.Completed },
      { retentionWarnedAt: () => 'now()' },
    );
    return Boolean(warned.affected);
  }

  async markExpired(id: string): Promise<boolean> {
    const expired = await this.events.update({ id, status: EventStatus.Completed }, { status: EventStatus.Expired });
    return Boolean(expired.affected);
  }
}
