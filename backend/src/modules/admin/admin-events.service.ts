import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { AdminEvent, AdminEventSortField, ListAdminEventsRequest, PageInfo } from '@memory-wall/contracts';
import { Event, Memory, MemoryRepository } from '@memory-wall/core';
import { toHostEvent } from '../events/event-views';
import { inIdOrder, pageOfIds, whereAnyContains } from './table-page';

const EVENT_SORT_SQL: Record<AdminEventSortField, string> = {
  name: 'LOWER(event.name)',
  serviceProviderName: 'LOWER(provider.companyName)',
  eventType: 'CAST(event.eventType AS text)',
  status: 'CAST(event.status AS text)',
  eventDate: 'event.eventDate',
  createdAt: 'event.createdAt',
  contributionsCount: 'COALESCE("memory_counts"."count", 0)',
};

/** The owner's All Events table: every provider's events, searched, sorted and paged here. */
@Injectable()
export class AdminEventsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly memories: MemoryRepository,
  ) {}

  /** Search: the event's name or code, or its provider's company name. */
  async list(query: ListAdminEventsRequest): Promise<PageInfo & { events: AdminEvent[] }> {
    const builder = whereAnyContains(this.eventsWithProviders(), query.search, [
      'event.name',
      'event.eventCode',
      'provider.companyName',
    ]);
    if (query.sort === 'contributionsCount') {
      builder.leftJoin(
        (memories) =>
          memories
            .from(Memory, 'memory')
            .select('memory.eventId', 'eventId')
            .addSelect('COUNT(*)', 'count')
            .groupBy('memory.eventId'),
        'memory_counts',
        '"memory_counts"."eventId" = event.id',
      );
    }
    const { ids, ...page } = await pageOfIds(builder, query, EVENT_SORT_SQL, {
      sort: 'createdAt',
      idColumn: 'event.id',
    });
    const events = ids.length
      ? await this.dataSource
          .getRepository(Event)
          .find({ where: { id: In(ids) }, relations: { serviceProvider: true } })
      : [];
    const counts = await this.memories.countPerEvent(ids);
    return {
      ...page,
      events: inIdOrder(ids, events).map((event) => ({
        ...toHostEvent(event, counts.get(event.id) ?? 0),
        serviceProviderName: event.serviceProvider?.companyName ?? null,
      })),
    };
  }

  private eventsWithProviders() {
    return this.dataSource
      .getRepository(Event)
      .createQueryBuilder('event')
      .leftJoin('event.serviceProvider', 'provider');
  }
}
