import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  AdminServiceProvider,
  CreditMessages,
  DomainErrorCode,
  EventStatus,
  HostEvent,
  ListProvidersRequest,
  PageInfo,
  ProviderSortField,
} from '@memory-wall/contracts';
import {
  AppConfig,
  DomainError,
  Event,
  EventRepository,
  Memory,
  MemoryRepository,
  ServiceProvider,
} from '@memory-wall/core';
import { toHostEvent } from '../events/event-views';
import { inIdOrder, pageOfIds, whereAnyContains } from './table-page';

/** What each sortable column sorts by (the count columns join their counts only when sorted by). */
const PROVIDER_SORT_SQL: Record<ProviderSortField, string> = {
  companyName: 'LOWER(provider.companyName)',
  userName: 'LOWER(user.username)',
  createdAt: 'provider.createdAt',
  verified: 'provider.verified',
  activeEventsCount: 'COALESCE("event_counts"."active", 0)',
  totalEventsCount: 'COALESCE("event_counts"."total", 0)',
  totalContributionsCount: 'COALESCE("memory_counts"."count", 0)',
};

interface EventCounts {
  total: number;
  active: number;
  contributions: number;
}

const NO_EVENTS: EventCounts = { total: 0, active: 0, contributions: 0 };

/** The owner's view of service providers: their accounts, events and contributions, counted per provider in SQL. */
@Injectable()
export class ProviderOverviewService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly eventRepository: EventRepository,
    private readonly memories: MemoryRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** One page of providers matching the search (company, username, email), sorted as asked. */
  async list(query: ListProvidersRequest): Promise<PageInfo & { serviceProviders: AdminServiceProvider[] }> {
    const builder = whereAnyContains(this.providersWithUsers(), query.search, [
      'provider.companyName',
      'user.username',
      'user.email',
    ]);
    if (query.sort === 'activeEventsCount' || query.sort === 'totalEventsCount') {
      builder.leftJoin(
        (events) =>
          events
            .from(Event, 'event')
            .select('event.serviceProviderId', 'providerId')
            .addSelect('COUNT(*)', 'total')
            .addSelect('COUNT(*) FILTER (WHERE event.status = :live)', 'active')
            .groupBy('event.serviceProviderId'),
        'event_counts',
        '"event_counts"."providerId" = provider.id',
        { live: EventStatus.Live },
      );
    } else if (query.sort === 'totalContributionsCount') {
      builder.leftJoin(
        (memories) =>
          memories
            .from(Memory, 'memory')
            .innerJoin(Event, 'event', 'event.id = memory.eventId')
            .select('event.serviceProviderId', 'providerId')
            .addSelect('COUNT(*)', 'count')
            .groupBy('event.serviceProviderId'),
        'memory_counts',
        '"memory_counts"."providerId" = provider.id',
      );
    }
    const { ids, ...page } = await pageOfIds(builder, query, PROVIDER_SORT_SQL, {
      sort: 'createdAt',
      idColumn: 'provider.id',
    });
    const providers = ids.length
      ? await this.providersWithUsers().where('provider.id IN (:...ids)', { ids }).getMany()
      : [];
    const counts = await this.eventCounts(ids);
    return {
      ...page,
      serviceProviders: inIdOrder(ids, providers).map((p) =>
        toAdminServiceProvider(p, counts.get(p.id) ?? NO_EVENTS, this.config.RETENTION_DAYS),
      ),
    };
  }

  /** The owner marks a provider verified (or not); the providers table and its page show the badge. */
  async setVerified(id: string, verified: boolean): Promise<AdminServiceProvider> {
    const updated = await this.dataSource.getRepository(ServiceProvider).update({ id }, { verified });
    if (updated.affected !== 1) throw new DomainError(DomainErrorCode.NotFound, CreditMessages.providerNotFound);
    return this.get(id);
  }

  /** The owner sets the days the provider's events keep their media (null: RETENTION_DAYS); the sweep reads it. */
  async setRetention(id: string, retentionDays: number | null): Promise<AdminServiceProvider> {
    const updated = await this.dataSource.getRepository(ServiceProvider).update({ id }, { retentionDays });
    if (updated.affected !== 1) throw new DomainError(DomainErrorCode.NotFound, CreditMessages.providerNotFound);
    return this.get(id);
  }

  async get(id: string): Promise<AdminServiceProvider> {
    const provider = await this.providersWithUsers().where('provider.id = :id', { id }).getOne();
    if (!provider) throw new DomainError(DomainErrorCode.NotFound, CreditMessages.providerNotFound);
    const counts = await this.eventCounts([id]);
    return toAdminServiceProvider(provider, counts.get(id) ?? NO_EVENTS, this.config.RETENTION_DAYS);
  }

  /** The provider's events, newest first, each with its number of memories. */
  async events(id: string): Promise<HostEvent[]> {
    if (!(await this.dataSource.getRepository(ServiceProvider).existsBy({ id }))) {
      throw new DomainError(DomainErrorCode.NotFound, CreditMessages.providerNotFound);
    }
    const events = await this.eventRepository.listOfProvider(id);
    const counts = await this.memories.countPerEvent(events.map((e) => e.id));
    return events.map((e) => toHostEvent(e, counts.get(e.id) ?? 0));
  }

  private providersWithUsers() {
    return this.dataSource
      .getRepository(ServiceProvider)
      .createQueryBuilder('provider')
      .innerJoinAndSelect('provider.user', 'user');
  }

  /** Two grouped queries, whatever the number of providers. */
  private async eventCounts(providerIds: string[]): Promise<Map<string, EventCounts>> {
    const [events, contributions] = await Promise.all([
      this.eventRepository.countPerProvider(providerIds),
      this.memories.countPerProvider(providerIds),
    ]);
    return new Map(
      providerIds.map((id) => [id, { ...NO_EVENTS, ...events.get(id), contributions: contributions.get(id) ?? 0 }]),
    );
  }
}

function toAdminServiceProvider(
  provider: ServiceProvider,
  counts: EventCounts,
  defaultRetentionDays: number,
): AdminServiceProvider {
  const user = provider.user!;
  return {
    id: provider.id,
    userId: provider.userId,
    companyName: provider.companyName,
    serviceTypes: provider.serviceTypes,
    verified: provider.verified,
    availableCredits: provider.availableCredits,
    totalCreditsUsed: provider.totalCreditsUsed,
    totalCreditsPurchased: provider.totalCreditsPurchased,
    createdAt: provider.createdAt.toISOString(),
    updatedAt: provider.updatedAt.toISOString(),
    userData: { email: user.email, username: user.username, profileData: user.profileData ?? {} },
    userName: user.username,
    activeEventsCount: counts.active,
    totalEventsCount: counts.total,
    totalContributionsCount: counts.contributions,
    retentionDays: provider.retentionDays,
    defaultRetentionDays,
  };
}
