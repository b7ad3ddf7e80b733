import type { EntityManager } from 'typeorm';
import type { Event } from '../database/entities/event.entity';

/** The columns of an event that a change may set (the rest are the database's; nothing writes customData). */
export type EventChanges = Partial<Omit<Event, 'id' | 'serviceProvider' | 'customData' | 'createdAt' | 'updatedAt'>>;

/** A new event: its name and identifiers, and whatever else is not left to the columns' defaults. */
export type NewEvent = EventChanges & Pick<Event, 'name' | 'slug'>;

/** How guests find an event: by its code or by its slug. */
export type EventKey = { eventCode: string } | { slug: string };

/** The screen controls the memory transitions read (see ScreenGate). */
export type EventScreens = Pick<Event, 'screensHeldAt' | 'screensComingSoon'>;

/** A provider's events counted: all of them, and the live ones. */
export interface ProviderEventCounts {
  total: number;
  active: number;
}

/** A completed event that its retention has come due for: when it completed and its retention in days. */
export interface RetentionDue {
  id: string;
  completedAt: Date;
  /** Its provider's retentionDays, else the configured default. */
  days: number;
}

/** A completed event's retention, and when its hosts were warned that it ends (null: not yet). */
export interface RetentionState extends RetentionDue {
  warnedAt: Date | null;
}

/**
 * Every read and write of events (the aggregate's one home for SQL): PostgreSQL in TypeOrmEventRepository,
 * an in-memory stand-in for unit tests in InMemoryEventRepository. A change that belongs to a larger one (a
 * status change with its credit and outbox rows) is made through `within(tx)`, in the caller's transaction.
 */
export abstract class EventRepository {
  /** The same reads and writes, made in the caller's transaction. */
  abstract within(tx: EntityManager): EventRepository;

  abstract findById(id: string): Promise<Event | null>;

  /** An event that must exist (another row refers to it); throws otherwise. */
  abstract getById(id: string): Promise<Event>;

  /** The event, its row locked until the caller's transaction ends (see `within`); throws when there is none. */
  abstract lock(id: string): Promise<Event>;

  /** The event with this code (normalised by the caller) or slug. */
  abstract findByKey(key: EventKey): Promise<Event | null>;

  /** The event's screen controls, read alone (null: no such event). */
  abstract findScreens(id: string): Promise<EventScreens | null>;

  /** Every event, newest first. */
  abstract listAll(): Promise<Event[]>;

  /** A service provider's events, newest first. */
  abstract listOfProvider(serviceProviderId: string): Promise<Event[]>;

  /** The events a customer is an event admin of, newest first. */
  abstract listAdministeredBy(userId: string): Promise<Event[]>;

  /** Whether the customer is an event admin of one of the provider's events. */
  abstract isCustomerOfProvider(customerId: string, serviceProviderId: string): Promise<boolean>;

  abstract codeTaken(eventCode: string): Promise<boolean>;

  abstract slugTaken(slug: string): Promise<boolean>;

  /** Stores a new event; answers it with the columns' defaults filled in. */
  abstract create(fields: NewEvent): Promise<Event>;

  abstract update(id: string, changes: EventChanges): Promise<void>;

  /** Deletes the event if it is a draft; answers whether it did. */
  abstract deleteDraft(id: string): Promise<boolean>;

  /** The database's clock, which memories' publicAt is set by and compared with. */
  abstract now(): Promise<Date>;

  /** How many service providers have a live event. */
  abstract countProvidersLive(): Promise<number>;

  /** The providers' events counted (a provider without events is left out). */
  abstract countPerProvider(serviceProviderIds: readonly string[]): Promise<Map<string, ProviderEventCounts>>;

  /**
   * Completed events not warned yet whose retention (their provider's days, else `defaultDays`) ends within
   * `warningDays` from now: their hosts are to be warned.
   */
  abstract findDueForRetentionWarning(defaultDays: number, warningDays: number): Promise<RetentionDue[]>;

  /**
   * Completed events whose retention is over, warned at least `warningDays` ago, and whose keepsake archive is
   * ready: their media are to be deleted.
   */
  abstract findDueForExpiry(defaultDays: number, warningDays: number): Promise<RetentionDue[]>;

  /**
   * A completed event's retention (its provider's days, else `defaultDays`) and when its hosts were warned;
   * null for an event that is not completed.
   */
  abstract findRetention(id: string, defaultDays: number): Promise<RetentionState | null>;

  /** Marks a completed event's hosts warned, unless they were already; answers whether this call did. */
  abstract markRetentionWarned(id: string): Promise<boolean>;

  /** A completed event becomes expired (its media deleted); answers whether this call made it so. */
  abstract markExpired(id: string): Promise<boolean>;
}
