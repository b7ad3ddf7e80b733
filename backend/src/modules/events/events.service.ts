import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { DataSource, EntityManager, Repository } from 'typeorm';
import {
  AuthMessages,
  EventMessages,
  EventStatus,
  HostEvent,
  Messages,
  ModerationType,
  normalizeEventCode,
  PUBLISHED_STATUSES,
  Role,
  statusChangeRefused,
} from '@memory-wall/contracts';
import { Event, isFeaturedImageOf, Memory, ServiceProvider } from '@memory-wall/core';
import { validationException } from '../../common/api-errors';
import type { Session } from '../auth/session.store';
import { CustomerAccessDto } from './dto/customer-access.dto';
import { CreateEventDto } from './dto/create-event.dto';
import { DETAIL_FIELDS, THEME_FIELDS } from './dto/event-fields';
import { UpdateEventDto } from './dto/update-event.dto';
import { CustomerAccessService, CustomerCreated } from './customer-access.service';
import { EventAccess } from './event-access';
import { eventSlug, randomEventCode } from './event-identifiers';
import { toHostEvent } from './event-views';

const fieldError = (field: string, message: string) => new BadRequestException({ message, fields: { [field]: message } });
const DAY_MS = 24 * 3600 * 1000;
const ACCEPTING_CACHE_MS = 5000;

@Injectable()
export class EventsService {
  private readonly knownPublished = new Set<string>();
  private readonly acceptingUntil = new Map<string, number>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Event) private readonly events: Repository<Event>,
    private readonly access: EventAccess,
    private readonly customers: CustomerAccessService,
  ) {}

  async getOrThrow(id: string): Promise<Event> {
    const event = await this.events.findOneBy({ id });
    if (!event) throw new NotFoundException(Messages.eventNotFound);
    return event;
  }

  /** An event whose wall is public (live or completed); 404 unknown, 403 not published. */
  async getPublished(id: string): Promise<Event> {
    return this.checkPublished(await this.getOrThrow(id));
  }

  /** Guests find events by code or slug; unpublished ones stay hidden. */
  async findPublishedBy(where: { eventCode: string } | { slug: string }): Promise<Event> {
    const lookup = 'eventCode' in where ? { eventCode: normalizeEventCode(where.eventCode) } : where;
    const event = await this.events.findOneBy(lookup);
    if (!event || !PUBLISHED_STATUSES.includes(event.status)) throw new NotFoundException(Messages.eventNotFound);
    return event;
  }

  /**
   * Whether an event's wall is public, for the hot read paths. A published event never goes back to
   * draft (and only drafts are deleted), so a positive answer is remembered.
   */
  async assertPublished(id: string): Promise<void> {
    if (this.knownPublished.has(id)) return;
    await this.getPublished(id);
    if (this.knownPublished.size >= 10_000) this.knownPublished.clear();
    this.knownPublished.add(id);
  }

  private checkPublished(event: Event): Event {
    if (!PUBLISHED_STATUSES.includes(event.status)) throw new ForbiddenException('This event is not currently available');
    return event;
  }

  /**
   * Only a live event takes new memories. Checked on every submission, so a positive answer is kept for a
   * few seconds: an event just completed may take memories for that long, none is ever lost.
   */
  async assertAcceptingMemories(id: string): Promise<void> {
    const until = this.acceptingUntil.get(id);
    if (until && until > Date.now()) return;
    const event = await this.getOrThrow(id);
    if (event.status !== EventStatus.Live) throw new ForbiddenException(Messages.eventNotAccepting);
    if (this.acceptingUntil.size >= 10_000) this.acceptingUntil.clear();
    this.acceptingUntil.set(id, Date.now() + ACCEPTING_CACHE_MS);
  }

  async listForHost(session: Session): Promise<HostEvent[]> {
    const events = await this.access.listManageable(session);
    const counts = await this.contributionCounts(events.map((e) => e.id));
    return events.map((e) => toHostEvent(e, counts.get(e.id) ?? 0));
  }

  async getForHost(session: Session, id: string): Promise<HostEvent> {
    const event = await this.access.manageable(session, id);
    return toHostEvent(event, (await this.contributionCounts([id])).get(id) ?? 0);
  }

  private async contributionCounts(eventIds: string[]): Promise<Map<string, number>> {
    if (!eventIds.length) return new Map();
    const rows: Array<{ eventId: string; count: string }> = await this.dataSource
      .getRepository(Memory)
      .createQueryBuilder('memory')
      .select('memory.eventId', 'eventId')
      .addSelect('COUNT(*)', 'count')
      .where('memory.eventId IN (:...eventIds)', { eventIds })
      .groupBy('memory.eventId')
      .getRawMany();
    return new Map(rows.map((r) => [r.eventId, Number(r.count)]));
  }

  /** Creates a draft; with the customer's login it is published (and charged) at once. */
  async create(session: Session, dto: CreateEventDto): Promise<{ event: HostEvent } & Partial<CustomerCreated>> {
    const providerId = await this.providerFor(session, dto.serviceProviderId);
    this.assertDates(dto.eventDate ?? null, dto.eventEndDate ?? null);
    const customer = await this.customerAccessOf(dto);
    // No image can have been uploaded for an event that does not exist yet: the form uploads it after.
    if (dto.wallImage) throw fieldError('wallImage', EventMessages.wallImageNotUploaded);
    if (dto.eventCode) await this.assertCodeFree(dto.eventCode);

    return this.dataSource.transaction(async (tx) => {
      const event = await tx.save(
        tx.create(Event, {
          ...pickEventFields(dto),
          moderationType: dto.moderationType ?? ModerationType.AiModeration,
          serviceProviderId: providerId,
          slug: await this.freeSlug(tx, dto.name),
          eventCode: dto.eventCode ?? (await this.freeCode(tx)),
        }),
      );
      const created = customer ? await this.customers.addCustomer(tx, event, customer, session.userId) : undefined;
      return { event: toHostEvent(event), ...created };
    });
  }

  async update(session: Session, id: string, dto: UpdateEventDto): Promise<HostEvent> {
    const fields = Object.keys(dto).filter((k) => (dto as Record<string, unknown>)[k] !== undefined);
    const needs: Array<'canEditDetails' | 'canEditTheme'> = [];
    if (fields.some((f) => (DETAIL_FIELDS as readonly string[]).includes(f))) needs.push('canEditDetails');
    if (fields.some((f) => (THEME_FIELDS as readonly string[]).includes(f))) needs.push('canEditTheme');
    const event = await this.access.manageable(session, id, needs);
    if (dto.status && session.role === Role.Customer) throw new ForbiddenException(AuthMessages.accessDenied);
    if (dto.eventDate !== undefined || dto.eventEndDate !== undefined) {
      const start = dto.eventDate !== undefined ? dto.eventDate : (event.eventDate?.toISOString() ?? null);
      const end = dto.eventEndDate !== undefined ? dto.eventEndDate : (event.eventEndDate?.toISOString() ?? null);
      this.assertDates(dto.eventDate !== undefined ? start : null, end, start);
    }
    if (dto.eventCode && dto.eventCode !== event.eventCode) await this.assertCodeFree(dto.eventCode);
    this.assertWallImage(event, dto.wallImage);

    await this.dataSource.transaction(async (tx) => {
      const locked = await tx.findOneOrFail(Event, { where: { id }, lock: { mode: 'pessimistic_write' } });
      const changes = pickEventFields(dto);
      if (Object.keys(changes).length) await tx.update(Event, { id }, changes);
      if (dto.status) await this.changeStatus(tx, locked, dto.status, session.userId);
    });
    return this.getForHost(session, event.id);
  }

  private async changeStatus(tx: EntityManager, event: Event, to: EventStatus, userId: string) {
    if (event.status === to) return;
    if (event.status === EventStatus.Draft && to === EventStatus.Live) return this.customers.publishLocked(tx, event, userId);
    if (event.status === EventStatus.Live && to === EventStatus.Completed) {
      await tx.update(Event, { id: event.id }, { status: EventStatus.Completed });
      return;
    }
    throw new ConflictException(statusChangeRefused(event.status, to));
  }

  /** Only drafts can be deleted: a published event has guests' memories and a spent credit. */
  async remove(session: Session, id: string): Promise<void> {
    await this.access.manageable(session, id);
    const deleted = await this.events.delete({ id, status: EventStatus.Draft });
    if (deleted.affected !== 1) throw new ConflictException(EventMessages.onlyDraftsDeleted);
  }

  /** Adds a customer login to an event (publishing and charging a draft), atomically. */
  async addCustomer(session: Session, id: string, dto: CustomerAccessDto): Promise<CustomerCreated> {
    await this.access.manageable(session, id);
    return this.dataSource.transaction(async (tx) => {
      const event = await tx.findOneOrFail(Event, { where: { id }, lock: { mode: 'pessimistic_write' } });
      return this.customers.addCustomer(tx, event, dto, session.userId);
    });
  }

  async listCustomers(session: Session, id: string) {
    await this.access.manageable(session, id);
    return this.customers.list(id);
  }

  private async providerFor(session: Session, requested?: string): Promise<string | null> {
    if (session.role === Role.ServiceProvider) {
      if (requested && requested !== session.serviceProviderId) {
        throw fieldError('serviceProviderId', 'Only the owner can create events for another provider');
      }
      return session.serviceProviderId;
    }
    if (!requested) return null;
    if (!(await this.dataSource.getRepository(ServiceProvider).existsBy({ id: requested }))) {
      throw fieldError('serviceProviderId', 'Service provider not found');
    }
    return requested;
  }

  /** The form's date rules, enforced here too: no past start, and no end before the start (or today). */
  private assertDates(newStart: string | null, end: string | null, effectiveStart = newStart) {
    const today = Date.now() - DAY_MS; // a day's grace for the guest's time zone
    if (newStart && Date.parse(newStart) < today) throw fieldError('eventDate', EventMessages.dateInPast);
    const floor = effectiveStart ? Date.parse(effectiveStart) : today;
    if (end && Date.parse(end) < floor) throw fieldError('eventEndDate', EventMessages.endBeforeStart);
  }

  private async customerAccessOf(dto: CreateEventDto): Promise<CustomerAccessDto | null> {
    const given = [dto.customerName, dto.customerEmail, dto.customerUsername, dto.customerPassword].some((v) => v !== undefined && v !== '');
    if (!given) return null;
    const access = plainToInstance(CustomerAccessDto, {
      customerName: dto.customerName,
      customerEmail: dto.customerEmail,
      customerUsername: dto.customerUsername,
      customerPassword: dto.customerPassword || undefined,
    });
    const errors = await validate(access);
    if (errors.length) throw validationException(errors);
    return access;
  }

  /**
   * A public wall shows its image to every guest and screen, so only images uploaded for this event are
   * accepted (no third-party address that could track them, no path to anything else). A value stored
   * before this rule may be sent back unchanged, so that editing such an event keeps working.
   */
  private assertWallImage(event: Event, wallImage: string | null | undefined) {
    if (!wallImage || wallImage === event.wallImage || isFeaturedImageOf(event.id, wallImage)) return;
    throw fieldError('wallImage', EventMessages.wallImageNotUploaded);
  }

  private async assertCodeFree(code: string) {
    if (await this.events.existsBy({ eventCode: code })) {
      throw new ConflictException({ message: EventMessages.eventCodeTaken, fields: { eventCode: EventMessages.eventCodeTaken } });
    }
  }

  private async freeSlug(tx: EntityManager, name: string): Promise<string> {
    for (;;) {
      const slug = eventSlug(name);
      if (!(await tx.existsBy(Event, { slug }))) return slug;
    }
  }

  private async freeCode(tx: EntityManager): Promise<string> {
    for (;;) {
      const code = randomEventCode();
      if (!(await tx.existsBy(Event, { eventCode: code }))) return code;
    }
  }
}

type EditableField = (typeof DETAIL_FIELDS)[number] | (typeof THEME_FIELDS)[number];

/** The entity columns a DTO sets (dates parsed; nothing else slips through). */
function pickEventFields(dto: UpdateEventDto | CreateEventDto): Partial<Pick<Event, EditableField>> {
  const keys = [...DETAIL_FIELDS, ...THEME_FIELDS];
  const picked: Record<string, unknown> = {};
  for (const key of keys) {
    const value = (dto as Record<string, unknown>)[key];
    if (value === undefined) continue;
    picked[key] = (key === 'eventDate' || key === 'eventEndDate') && value ? new Date(value as string) : value;
  }
  return picked;
}
