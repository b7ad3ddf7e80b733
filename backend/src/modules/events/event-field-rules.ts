import { DomainErrorCode, EventMessages } from '@memory-wall/contracts';
import { DomainError, Event, isFeaturedImageOf } from '@memory-wall/core';
import { CreateEventDto } from './dto/create-event.dto';
import { DETAIL_FIELDS, THEME_FIELDS } from './dto/event-fields';
import { UpdateEventDto } from './dto/update-event.dto';

const DAY_MS = 24 * 3600 * 1000;

/** A refusal naming the form field at fault. */
export const fieldError = (field: string, message: string) =>
  DomainError.ofFields(DomainErrorCode.Invalid, { [field]: message });

/** The form's date rules, enforced here too: no past start, and no end before the start (or today). */
export function assertDates(newStart: string | null, end: string | null, effectiveStart = newStart) {
  const today = Date.now() - DAY_MS; // a day's grace for the guest's time zone
  if (newStart && Date.parse(newStart) < today) throw fieldError('eventDate', EventMessages.dateInPast);
  const floor = effectiveStart ? Date.parse(effectiveStart) : today;
  if (end && Date.parse(end) < floor) throw fieldError('eventEndDate', EventMessages.endBeforeStart);
}

/**
 * A public wall shows its image to every guest and screen, so only images uploaded for this event are
 * accepted (no third-party address that could track them, no path to anything else). A value stored
 * before this rule may be sent back unchanged, so that editing such an event keeps working.
 */
export function assertWallImage(event: Event, wallImage: string | null | undefined) {
  if (!wallImage || wallImage === event.wallImage || isFeaturedImageOf(event.id, wallImage)) return;
  throw fieldError('wallImage', EventMessages.wallImageNotUploaded);
}

/** The permissions a customer needs for the fields an edit sets (details, wall settings or both). */
export function permissionsToEdit(dto: UpdateEventDto): Array<'canEditDetails' | 'canEditTheme'> {
  const fields = Object.keys(dto).filter((k) => (dto as Record<string, unknown>)[k] !== undefined);
  const needs: Array<'canEditDetails' | 'canEditTheme'> = [];
  if (fields.some((f) => (DETAIL_FIELDS as readonly string[]).includes(f))) needs.push('canEditDetails');
  if (fields.some((f) => (THEME_FIELDS as readonly string[]).includes(f))) needs.push('canEditTheme');
  return needs;
}

type EditableField = (typeof DETAIL_FIELDS)[number] | (typeof THEME_FIELDS)[number];

/** The entity columns a DTO sets (dates parsed; nothing else slips through). */
export function pickEventFields(dto: UpdateEventDto | CreateEventDto): Partial<Pick<Event, EditableField>> {
  const keys = [...DETAIL_FIELDS, ...THEME_FIELDS];
  const picked: Record<string, unknown> = {};
  for (const key of keys) {
    const value = (dto as Record<string, unknown>)[key];
    if (value === undefined) continue;
    picked[key] = (key === 'eventDate' || key === 'eventEndDate') && value ? new Date(value as string) : value;
  }
  return picked;
}
