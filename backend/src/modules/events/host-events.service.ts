import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  AuthMessages,
  copiedEventName,
  CustomerCreated,
  DomainErrorCode,
  EventMessages,
  EventType,
  HostEvent,
  ModerationType,
  Role,
} from '@memory-wall/contracts';
import {
  DomainError,
  Event,
  EventRepository,
  eventFolders,
  MemoryRepository,
  ObjectStorage,
  ServiceProvider,
} from '@memory-wall/core';
import type { Session } from '../auth/session.store';
import { CreateEventDto } from './dto/create-event.dto';
import { UpdateEventDto } from './dto/update-event.dto';
import { customerAccessOf, CustomerAccessService } from './customer-access.service';
import { EventAccess } from './event-access';
import { assertDates, assertWallImage, fieldError, permissionsToEdit, pickEventFields } from './event-field-rules';
import { assertCodeFree, freeCode, freeSlug } from './event-identifiers';
import { EventTransitions } from './event-transitions';
import { toHostEvent } from './event-views';

/** What a duplicate takes over from its original: the settings, nothing that is the event's own. */
const DUPLICATED_SETTINGS = [
  'eventType',
  'template',
  'themeType',
  'eventImage',
  'wallTitle',
  'defaultLanguage',
  'moderationType',
  'numberOfImagesDisplay',
  'transitionTime',
  'animationStyle',
  'displayOrder',
  'backgroundImage',
  'colorTheme',
  'fontFamily',
  'accentColor',
  'enableMusic',
  'allowVideo',
  'maxVideoSeconds',
  'allowVoice',
  'voiceOnScreens',
  'customData',
  'screensComingSoon',
  'screenDelaySeconds',
  'screenLayouts',
  'moderationKeywords',
] as const satisfies readonly (keyof Event)[];

/** The events a host manages: listed, created, edited (status changes included) and deleted. */
@Injectable()
export class HostEventsService {
  private readonly logger = new Logger(HostEventsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventRepository,
    private readonly memories: MemoryRepository,
    private readonly access: EventAccess,
    private readonly customers: CustomerAccessService,
    private readonly transitions: EventTransitions,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
  ) {}

  async list(session: Session): Promise<HostEvent[]> {
    const events = await this.access.listManageable(session);
    const ids = events.map((e) => e.id);
    const [counts, permissions] = await Promise.all([
      this.memories.countPerEvent(ids),
      this.access.permissionsIn(session, ids),
    ]);
    return events.map((e) => toHostEvent(e, counts.get(e.id) ?? 0, permissions.get(e.id)));
  }

  async get(session: Session, id: string): Promise<HostEvent> {
    const event = await this.access.manageable(session, id);
    const [counts, permissions] = await Promise.all([
      this.memories.countPerEvent([id]),
      this.access.permissionsIn(session, [id]),
    ]);
    return toHostEvent(event, counts.get(id) ?? 0, permissions.get(id));
  }

  /** Creates a draft; with the customer's login it is published (and charged) at once. */
  async create(session: Session, dto: CreateEventDto): Promise<{ event: HostEvent } & Partial<CustomerCreated>> {
    const providerId = await this.providerFor(session, dto.serviceProviderId);
    assertDates(dto.eventDate ?? null, dto.eventEndDate ?? null);
    const customer = await customerAccessOf(dto);
    // No image can have been uploaded for an event that does not exist yet: the form uploads it after.
    if (dto.wallImage) throw fieldError('wallImage', EventMessages.wallImageNotUploaded);
    if (dto.eventCode) await assertCodeFree(this.events, dto.eventCode);

    return this.dataSource.transaction(async (tx) => {
      const events = this.events.within(tx);
      const event = await events.create({
        ...pickEventFields(dto),
        name: dto.name,
        moderationType: dto.moderationType ?? ModerationType.AiModeration,
        // A memorial's hosts turn clips on if they want them; other events take them from the start.
        allowVideo: dto.allowVideo ?? dto.eventType !== EventType.Memorial,
        serviceProviderId: providerId,
        slug: await freeSlug(events, dto.name),
        eventCode: dto.eventCode ?? (await freeCode(events)),
      });
      const created = customer ? await this.customers.addCustomer(tx, event, customer, session.userId) : undefined;
      return { event: toHostEvent(event), ...created };
    });
  }

  async update(session: Session, id: string, dto: UpdateEventDto): Promise<HostEvent> {
    const event = await this.access.manageable(session, id, permissionsToEdit(dto));
    // Moderation is a wall setting, but changing it is a moderator's decision (the form sends it unchanged).
    if (dto.moderationType !== undefined && dto.moderationType !== event.moderationType)
      await this.access.manageable(session, id, ['canModerate']);
    if (dto.status && session.role === Role.Customer)
      throw new DomainError(DomainErrorCode.Forbidden, AuthMessages.accessDenied);
    if (dto.eventDate !== undefined || dto.eventEndDate !== undefined) {
      const start = dto.eventDate !== undefined ? dto.eventDate : (event.eventDate?.toISOString() ?? null);
      const end = dto.eventEndDate !== undefined ? dto.eventEndDate : (event.eventEndDate?.toISOString() ?? null);
      assertDates(dto.eventDate !== undefined ? start : null, end, start);
    }
    if (dto.eventCode && dto.eventCode !== event.eventCode) await assertCodeFree(this.events, dto.eventCode);
    assertWallImage(event, dto.wallImage);

    const done = await this.dataSource.transaction(async (tx) => {
      const events = this.events.within(tx);
      const locked = await events.lock(id);
      const changes = pickEventFields(dto);
      if (Object.keys(changes).length) await events.update(id, changes);
      return dto.status ? this.transitions.change(tx, locked, dto.status, session.userId) : null;
    });
    if (done) await this.transitions.afterCommit(done);
    return this.get(session, event.id);
  }

  /**
   * A new draft with the event's settings (type, moderation, theme, screens, keywords), none of its
   * memories, customers, code, slug, dates or uploaded wall image; like any draft it costs a credit only
   * when it is published.
   */
  async duplicate(session: Session, id: string): Promise<HostEvent> {
    const original = await this.access.manageable(session, id);
    const settings = Object.fromEntries(DUPLICATED_SETTINGS.map((key) => [key, original[key]])) as Partial<Event>;
    const copy = await this.dataSource.transaction(async (tx) => {
      const events = this.events.within(tx);
      const name = copiedEventName(original.name);
      return events.create({
        ...settings,
        name,
        serviceProviderId: original.serviceProviderId,
        slug: await freeSlug(events, name),
        eventCode: await freeCode(events),
      });
    });
    return toHostEvent(copy);
  }

  /** Only drafts can be deleted: a published event has guests' memories and a spent credit. */
  async remove(session: Session, id: string): Promise<void> {
    await this.access.manageable(session, id);
    if (!(await this.events.deleteDraft(id)))
      throw new DomainError(DomainErrorCode.Conflict, EventMessages.onlyDraftsDeleted);
    // Its objects go with it (its featured images, anything its hosts uploaded). The event is gone either
    // way: objects storage kept are only logged, nothing refers to them any more.
    for (const folder of eventFolders(id))
      await this.storage
        .removeFolder(folder)
        .catch((err: Error) => this.logger.warn(`deleted event ${id}: ${folder} not removed: ${err.message}`));
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
}
