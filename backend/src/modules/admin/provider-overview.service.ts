import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AdminServiceProvider, CreditMessages, DomainErrorCode, EventStatus, HostEvent } from '@memory-wall/contracts';
import { DomainError, Event, Memory, ServiceProvider } from '@memory-wall/core';
import { toHostEvent } from '../events/event-views';

interface EventCounts {
  total: number;
  active: number;
  contributions: number;
}

const NO_EVENTS: EventCounts = { total: 0, active: 0, contributions: 0 };

/** The owner's view of service providers: their accounts, events and contributions, counted per provider in SQL. */
@Injectable()
export class ProviderOverviewService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(): Promise<AdminServiceProvider[]> {
    const providers = await this.providersWithUsers().orderBy('provider.createdAt', 'DESC').getMany();
    const counts = await this.eventCounts(providers.map((p) => p.id));
    return providers.map((p) => toAdminServiceProvider(p, counts.get(p.id) ?? NO_EVENTS));
  }

  async get(id: string): Promise<AdminServiceProvider> {
    const provider = await this.providersWithUsers().where('provider.id = :id', { id }).getOne();
    if (!provider) throw new DomainError(DomainErrorCode.NotFound, CreditMessages.providerNotFound);
    const counts = await this.eventCounts([id]);
    return toAdminServiceProvider(provider, counts.get(id) ?? NO_EVENTS);
  }

  /** The provider's events, newest first, each with its number of memories. */
  async events(id: string): Promise<HostEvent[]> {
    if (!(await this.dataSource.getRepository(ServiceProvider).existsBy({ id }))) {
      throw new DomainError(DomainErrorCode.NotFound, CreditMessages.providerNotFound);
    }
    const events = await this.dataSource
      .getRepository(Event)
      .find({ where: { serviceProviderId: id }, order: { createdAt: 'DESC' } });
    const rows: Array<{ eventId: string; count: string }> = events.length
      ? await this.dataSource
          .getRepository(Memory)
          .createQueryBuilder('memory')
          .select('memory.eventId', 'eventId')
          .addSelect('COUNT(*)', 'count')
          .where('memory.eventId IN (:...ids)', { ids: events.map((e) => e.id) })
          .groupBy('memory.eventId')
          .getRawMany()
      : [];
    const counts = new Map(rows.map((r) => [r.eventId, Number(r.count)]));
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
    if (!providerIds.length) return new Map();
    const events: Array<{ providerId: string; total: string; active: string }> = await this.dataSource
      .getRepository(Event)
      .createQueryBuilder('event')
      .select('event.serviceProviderId', 'providerId')
      .addSelect('COUNT(*)', 'total')
      .addSelect('COUNT(*) FILTER (WHERE event.status = :live)', 'active')
      .where('event.serviceProviderId IN (:...providerIds)', { providerIds, live: EventStatus.Live })
      .groupBy('event.serviceProviderId')
      .getRawMany();
    const memories: Array<{ providerId: string; count: string }> = await this.dataSource
      .getRepository(Memory)
      .createQueryBuilder('memory')
      .innerJoin(Event, 'event', 'event.id = memory.eventId')
      .select('event.serviceProviderId', 'providerId')
      .addSelect('COUNT(*)', 'count')
      .where('event.serviceProviderId IN (:...providerIds)', { providerIds })
      .groupBy('event.serviceProviderId')
      .getRawMany();
    const counts = new Map<string, EventCounts>();
    for (const row of events)
      counts.set(row.providerId, { total: Number(row.total), active: Number(row.active), contributions: 0 });
    for (const row of memories) {
      const entry = counts.get(row.providerId) ?? { ...NO_EVENTS };
      entry.contributions = Number(row.count);
      counts.set(row.providerId, entry);
    }
    return counts;
  }
}

function toAdminServiceProvider(provider: ServiceProvider, counts: EventCounts): AdminServiceProvider {
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
  };
}
