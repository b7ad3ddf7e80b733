import { randomUUID } from 'node:crypto';
import {
  AnimationStyle,
  DisplayOrder,
  EventStatus,
  EventType,
  Language,
  ModerationType,
  Template,
  ThemeType,
} from '@memory-wall/contracts';
import { Event } from '../database/entities/event.entity';
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

const DAY_MS = 24 * 3600_000;

/** An event admin as the look-ups across events need it. */
interface Admin {
  eventId: string;
  userId: string;
}

/**
 * EventRepository in memory, for unit tests of the services: the same answers as the SQL, no database.
 * Transactions are not modelled: `within` answers the repository itself, and `lock` only reads.
 */
export class InMemoryEventRepository extends EventRepository {
  readonly rows = new Map<string, Event>();
  /** Customers' event admin rows, for the look-ups that join them. */
  readonly admins: Admin[] = [];
  /** The database's clock, which tests may set. */
  clock = () => new Date();
  /** Service providers' retentionDays (a provider left out has null: the default). */
  readonly providerRetention = new Map<string, number | null>();
  /** The events whose keepsake archive is ready. */
  readonly readyArchives = new Set<string>();

  /** Adds an event as stored: the columns' defaults, then `fields`. */
  add(fields: Partial<Event> & Pick<Event, 'id'>): Event {
    const now = this.clock();
    const event = Object.assign(new Event(), {
      name: 'Event',
      slug: `event-${fields.id}`,
      eventCode: null,
      serviceProviderId: null,
      status: EventStatus.Draft,
      eventType: EventType.General,
      template: Template.Custom,
      themeType: ThemeType.Light,
      eventImage: null,
      wallImage: null,
      wallTitle: null,
      eventDate: null,
      eventEndDate: null,
      defaultLanguage: Language.En,
      moderationType: ModerationType.AutoApprove,
      numberOfImagesDisplay: 3,
      transitionTime: 20,
      animationStyle: AnimationStyle.Horizontal,
      displayOrder: DisplayOrder.Newest,
      backgroundImage: null,
      colorTheme: 'default',
      fontFamily: 'inter',
      accentColor: null,
      enableMusic: true,
      allowVideo: false,
      maxVideoSeconds: 60,
      allowVoice: true,
      voiceOnScreens: false,
      isPublished: false,
      customData: null,
      creditChargedAt: null,
      completedAt: null,
      retentionWarnedAt: null,
      screensHeldAt: null,
      screensComingSoon: false,
      screenDelaySeconds: 0,
      screenLayouts: {},
      moderationKeywords: [],
      createdAt: now,
      updatedAt: now,
      ...fields,
    } satisfies Omit<Event, 'serviceProvider'>);
    this.rows.set(event.id, event);
    return { ...event };
  }

  within(): EventRepository {
    return this;
  }

  async findById(id: string): Promise<Event | null> {
    const event = this.rows.get(id);
    return event ? { ...event } : null;
  }

  async getById(id: string): Promise<Event> {
    const event = await this.findById(id);
    if (!event) throw new Error(`No event ${id}`);
    return event;
  }

  lock(id: string): Promise<Event> {
    return this.getById(id);
  }

  async findByKey(key: EventKey): Promise<Event | null> {
    const found = this.all().find((e) => ('slug' in key ? e.slug === key.slug : e.eventCode === key.eventCode));
    return found ?? null;
  }

  async findScreens(id: string): Promise<EventScreens | null> {
    const event = this.rows.get(id);
    return event ? { screensHeldAt: event.screensHeldAt, screensComingSoon: event.screensComingSoon } : null;
  }

  async listAll(): Promise<Event[]> {
    return this.all();
  }

  async listOfProvider(serviceProviderId: string): Promise<Event[]> {
    return this.all().filter((e) => e.serviceProviderId === serviceProviderId);
  }

  async listAdministeredBy(userId: string): Promise<Event[]> {
    return this.all().filter((e) => this.admins.some((a) => a.eventId === e.id && a.userId === userId));
  }

  async isCustomerOfProvider(customerId: string, serviceProviderId: string): Promise<boolean> {
    return this.admins.some(
      (a) => a.userId === customerId && this.rows.get(a.eventId)?.serviceProviderId === serviceProviderId,
    );
  }

  async codeTaken(eventCode: string): Promise<boolean> {
    return this.all().some((e) => e.eventCode === eventCode);
  }

  async slugTaken(slug: string): Promise<boolean> {
    return this.all().some((e) => e.slug === slug);
  }

  async create(fields: NewEvent): Promise<Event> {
    return this.add({ id: randomUUID(), ...fields });
  }

  async update(id: string, changes: EventChanges): Promise<void> {
    const event = this.rows.get(id);
    if (event) Object.assign(event, changes, { updatedAt: this.clock() });
  }

  async deleteDraft(id: string): Promise<boolean> {
    return this.rows.get(id)?.status === EventStatus.Draft && this.rows.delete(id);
  }

  async now(): Promise<Date> {
    return this.clock();
  }

  async countProvidersLive(): Promise<number> {
    const live = this.all().filter((e) => e.status === EventStatus.Live && e.serviceProviderId);
    return new Set(live.map((e) => e.serviceProviderId)).size;
  }

  async countPerProvider(serviceProviderIds: readonly string[]): Promise<Map<string, ProviderEventCounts>> {
    const counts = new Map<string, ProviderEventCounts>();
    for (const event of this.all()) {
      if (!event.serviceProviderId || !serviceProviderIds.includes(event.serviceProviderId)) continue;
      const entry = counts.get(event.serviceProviderId) ?? { total: 0, active: 0 };
      entry.total++;
      if (event.status === EventStatus.Live) entry.active++;
      counts.set(event.serviceProviderId, entry);
    }
    return counts;
  }

  async findDueForRetentionWarning(defaultDays: number, warningDays: number): Promise<RetentionDue[]> {
    const now = this.clock().getTime();
    return this.completedWithRetention(defaultDays).filter(
      (due) =>
        this.rows.get(due.id)!.retentionWarnedAt === null &&
        due.completedAt.getTime() + (due.days - warningDays) * DAY_MS <= now,
    );
  }

  async findDueForExpiry(defaultDays: number, warningDays: number): Promise<RetentionDue[]> {
    const now = this.clock().getTime();
    return this.completedWithRetention(defaultDays).filter((due) => {
      const warnedAt = this.rows.get(due.id)!.retentionWarnedAt;
      return (
        warnedAt !== null &&
        warnedAt.getTime() <= now - warningDays * DAY_MS &&
        due.completedAt.getTime() + due.days * DAY_MS <= now &&
        this.readyArchives.has(due.id)
      );
    });
  }

  async findRetention(id: string, defaultDays: number): Promise<RetentionState | null> {
    const due = this.completedWithRetention(defaultDays).find((e) => e.id === id);
    return due ? { ...due, warnedAt: this.rows.get(id)!.retentionWarnedAt } : null;
  }

  async markRetentionWarned(id: string): Promise<boolean> {
    const event = this.rows.get(id);
    if (event?.status !== EventStatus.Completed || event.retentionWarnedAt !== null) return false;
    event.retentionWarnedAt = this.clock();
    return true;
  }

  async markExpired(id: string): Promise<boolean> {
    const event = this.rows.get(id);
    if (event?.status !== EventStatus.Completed) return false;
    Object.assign(event, { status: EventStatus.Expired, updatedAt: this.clock() });
    return true;
  }

  /** The completed events (a completedAt the SQL would compare), each with its retention. */
  private completedWithRetention(defaultDays: number): RetentionDue[] {
    return this.all()
      .filter((e) => e.status === EventStatus.Completed && e.completedAt !== null)
      .map((e) => ({
        id: e.id,
        completedAt: e.completedAt!,
        days: (e.serviceProviderId ? this.providerRetention.get(e.serviceProviderId) : null) ?? defaultDays,
      }));
  }

  /** Copies of the rows, newest first. */
  private all(): Event[] {
    return [...this.rows.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((e) => ({ ...e }));
  }
}
