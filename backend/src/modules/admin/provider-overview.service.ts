import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AdminServiceProvider, CreditMessages, DomainErrorCode, HostEvent } from '@memory-wall/contracts';
import { DomainError, EventRepository, MemoryRepository, ServiceProvider } from '@memory-wall/core';
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
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly eventRepository: EventRepository,
    private readonly memories: MemoryRepository,
  ) {}

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
