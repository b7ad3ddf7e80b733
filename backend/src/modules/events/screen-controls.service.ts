import { Injectable } from '@nestjs/common';
import {
  LiveMessageType,
  MAX_NAMED_SCREENS,
  SCREEN_COLUMNS,
  SCREEN_NAME_PATTERN,
  SCREEN_SPEEDS,
  ScreenControls,
  ScreenControlsChange,
  ScreenLayout,
  ScreenMessages,
  DomainErrorCode,
} from '@memory-wall/contracts';
import { DomainError, Event, EventChanges, EventRepository, LivePublisher } from '@memory-wall/core';
import type { Session } from '../auth/session.store';
import { EventAccess } from './event-access';

/** The event's screen controls as clients read them. */
export function toScreenControls(event: Event): ScreenControls {
  return {
    heldSince: event.screensHeldAt?.toISOString() ?? null,
    comingSoon: event.screensComingSoon,
    delaySeconds: event.screenDelaySeconds,
    layouts: event.screenLayouts ?? {},
  };
}

/**
 * A host's controls over the event's screens (issue #27): stored on the event, so they survive reloads, and
 * announced on both live feeds, so every screen on every API instance applies them (and reads the wall
 * again, which the server answers under the new controls). Hold, reveal and delay are moderation: they
 * need the canModerate permission of a customer.
 */
@Injectable()
export class ScreenControlsService {
  constructor(
    private readonly events: EventRepository,
    private readonly access: EventAccess,
    private readonly live: LivePublisher,
  ) {}

  authorize(session: Session, eventId: string): Promise<Event> {
    return this.access.manageable(session, eventId, ['canModerate']);
  }

  async change(session: Session, eventId: string, change: ScreenControlsChange): Promise<ScreenControls> {
    const event = await this.authorize(session, eventId);
    const layouts = change.layouts === undefined ? undefined : checkedLayouts(change.layouts);
    const updates: EventChanges = {};
    // Holding again keeps the first hold's time: what was on the screens then is what they keep showing.
    if (change.held !== undefined && change.held !== (event.screensHeldAt !== null))
      updates.screensHeldAt = change.held ? new Date() : null;
    if (change.comingSoon !== undefined) updates.screensComingSoon = change.comingSoon;
    if (change.delaySeconds !== undefined) updates.screenDelaySeconds = change.delaySeconds;
    if (layouts) updates.screenLayouts = layouts;
    if (Object.keys(updates).length) {
      // The hold's time is the database's, like the memories' publicAt it is compared with.
      if (updates.screensHeldAt) updates.screensHeldAt = await this.events.now();
      await this.events.update(eventId, updates);
      Object.assign(event, updates);
    }
    const screens = toScreenControls(event);
    const message = { type: LiveMessageType.ScreensUpdated, screens } as const;
    await this.live.publish(eventId, { public: message, hosts: message });
    return screens;
  }
}

/** Named screens' layouts, checked one by one (400 with the catalogue's message otherwise). */
function checkedLayouts(layouts: Record<string, unknown>): Record<string, ScreenLayout> {
  const entries = Object.entries(layouts);
  if (entries.length > MAX_NAMED_SCREENS) throw new DomainError(DomainErrorCode.Invalid, ScreenMessages.tooManyScreens);
  return Object.fromEntries(
    entries.map(([name, layout]) => {
      if (!SCREEN_NAME_PATTERN.test(name))
        throw new DomainError(DomainErrorCode.Invalid, ScreenMessages.screenNameInvalid);
      return [name, checkedLayout(layout)];
    }),
  );
}

function checkedLayout(value: unknown): ScreenLayout {
  const layout = (value ?? {}) as Partial<Record<keyof ScreenLayout, unknown>>;
  const oneOf = (allowed: readonly number[], field: unknown) =>
    field === null || field === undefined || allowed.includes(field as number);
  const flag = (field: unknown) => field === undefined || typeof field === 'boolean';
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    Object.keys(layout).some((key) => !['columns', 'speed', 'featuredOnly', 'photosOnly'].includes(key)) ||
    !oneOf(SCREEN_COLUMNS, layout.columns) ||
    !oneOf(SCREEN_SPEEDS, layout.speed) ||
    !flag(layout.featuredOnly) ||
    !flag(layout.photosOnly)
  )
    throw new DomainError(DomainErrorCode.Invalid, ScreenMessages.layoutInvalid);
  return {
    columns: (layout.columns as number | null | undefined) ?? null,
    speed: (layout.speed as number | null | undefined) ?? null,
    featuredOnly: layout.featuredOnly === true,
    photosOnly: layout.photosOnly === true,
  };
}
