import type { PublicEvent } from './api';
import { EventStatus, LANGUAGES, type MemoryType } from './enums';

/** Only a live event takes memories: the API refuses the others (eventNotAccepting), pages do not offer it. */
export const acceptsMemories = (event: { status: EventStatus }) => event.status === EventStatus.Live;

/** Texts of spec §5 and §8 for events and customer access. */
export const EventMessages = {
  nameTooShort: 'Event name must be at least 3 characters',
  customerNotFound: 'This customer has no login for this event',
  eventTypeInvalid: 'Event type must be memorial, wedding or general',
  moderationTypeInvalid: 'Moderation type must be ai_moderation or manual_moderation',
  dateInPast: 'The event date cannot be in the past',
  endBeforeStart: 'The end date cannot be before the start date',
  eventCodeInvalid: 'Event code must be 4 to 10 letters or digits',
  eventCodeTaken: 'This event code is already in use',
  customerNameRequired: 'Customer name is required',
  customerEmailInvalid: 'Please enter a valid email',
  customerUsernameTooShort: 'Username must be at least 3 characters',
  customerUsernameChars: 'Username can only contain letters, numbers, and underscores',
  pinLength: 'Password must be exactly 6 digits',
  pinDigits: 'Password must be a 6-digit number',
  missingInformation: 'Please fill in all fields.',
  notEnoughCredits: 'Not enough credits: buy a credit pack to publish this event',
  onlyDraftsDeleted: 'Only draft events can be deleted',
  invalidCode: "We couldn't find an event with that code. Please check and try again.",
  tooManyLookups: 'Too many event look-ups from this connection. Please wait a moment and try again.',
  wallImageNotUploaded: 'The wall image must be an image uploaded for this event',
  featuredImageMissing: 'Please choose an image file',
  featuredImageTooLarge: 'The image must be at most 5MB',
  featuredImageNotImage: 'Only image files are allowed',
  languageInvalid: `Language must be ${LANGUAGES.slice(0, -1).join(', ')} or ${LANGUAGES[LANGUAGES.length - 1]}`,
} as const;

/** The name a duplicated event starts with (its hosts rename it in the form). */
export const copiedEventName = (name: string) => `${name.slice(0, 190)} (copy)`;

export const statusChangeRefused = (from: EventStatus, to: string) => `A ${from} event cannot become ${to}`;

/** Event codes: 6 characters without look-alikes (no 0/O, 1/I/L), matched case-insensitively. */
export const EVENT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const EVENT_CODE_LENGTH = 6;
export const normalizeEventCode = (code: string) => code.trim().toUpperCase();

/** Spec §5: 2, 3 or 4 memories at once; a stored 6 shows as 4, anything else as 3. */
export const IMAGES_DISPLAY_OPTIONS = [2, 3, 4] as const;
export function normalizeImagesDisplay(value: unknown): number {
  const n = Number(value);
  if ((IMAGES_DISPLAY_OPTIONS as readonly number[]).includes(n)) return n;
  return n === 6 ? 4 : 3;
}

/** Spec §9 wall settings. */
export const TRANSITION_TIMES = [10, 20, 30] as const;
export const DEFAULT_WALL_COLOR = '#D6E6F6';
export const WALL_COLORS = [
  { name: 'Light Blue', value: '#D6E6F6' },
  { name: 'Cream', value: '#FDFBD4' },
  { name: 'Light Orange', value: '#FFE5B3' },
  { name: 'Light Gray', value: '#C7C7C7' },
  { name: 'Taupe', value: '#A49A87' },
] as const;

/** Customer PINs are generated in this range (spec §9). */
export const PIN_RANGE = { min: 100000, max: 999999 } as const;

/**
 * What a customer may do with their event (set by its provider or the owner). Providers and the owner may
 * do all of it with the events they manage.
 */
export interface CustomerPermissions {
  /** See and decide pending, held and flagged memories; feature and flag. */
  canModerate: boolean;
  /** Change the wall settings (title, featured image, colours, moderation type, display). */
  canEditTheme: boolean;
  /** Change the event's details (name, type, dates, language, code). */
  canEditDetails: boolean;
}

/** A customer login's permissions when its provider has not changed them. */
export const DEFAULT_CUSTOMER_PERMISSIONS: CustomerPermissions = {
  canModerate: true,
  canEditTheme: true,
  canEditDetails: false,
};

export const ALL_PERMISSIONS: CustomerPermissions = { canModerate: true, canEditTheme: true, canEditDetails: true };

/** An event as its hosts see it. */
export interface HostEvent extends PublicEvent {
  serviceProviderId: string | null;
  template: string;
  themeType: string;
  eventImage: string | null;
  eventEndDate: string | null;
  backgroundImage: string | null;
  fontFamily: string;
  accentColor: string | null;
  isPublished: boolean;
  creditCharged: boolean;
  contributionsCount: number;
  createdAt: string;
  updatedAt: string;
  /** What the viewer may do with this event: a customer's own permissions; all of it for the others. */
  permissions: CustomerPermissions;
  /** The keyword list (moderation.ts), for those who may moderate; empty for the others. */
  moderationKeywords: string[];
}

export interface EventCustomer {
  id: string;
  fullName: string;
  username: string;
  email: string;
  permissions: CustomerPermissions;
}

/**
 * An event's memories counted for its dashboard. Guests have no accounts: contributors are the distinct names
 * they signed with, case and surrounding spaces aside.
 */
export interface EventStats {
  contributions: number;
  approved: number;
  pending: number;
  flagged: number;
  contributors: number;
  byType: Record<MemoryType, number>;
}

/**
 * Retention: a completed event keeps its photos' and clips' files for its provider's retention days (else the
 * configured default), then, once its keepsake archive is built, they are deleted and it becomes expired (its
 * wall keeps the memories' texts). Its hosts are warned by mail this many days before.
 */
export const RETENTION_WARNING_DAYS = 7;
const DAY_MS = 24 * 3600_000;

/**
 * The day from which a completed event's photos', clips' and voice files may be deleted: its retention
 * counted from completion, and never sooner than RETENTION_WARNING_DAYS after its hosts were warned (not
 * warned yet: they will be at the earliest RETENTION_WARNING_DAYS before the retention ends). The retention
 * sweep deletes them on its first run from then once the keepsake archive is ready.
 */
export function mediaDeletionDate(completedAt: Date, retentionDays: number, warnedAt: Date | null): Date {
  const retentionEnds = completedAt.getTime() + retentionDays * DAY_MS;
  return new Date(
    warnedAt ? Math.max(retentionEnds, warnedAt.getTime() + RETENTION_WARNING_DAYS * DAY_MS) : retentionEnds,
  );
}

/** The shortest retention: a day longer than the warning, so that the hosts are warned after completion. */
export const MIN_RETENTION_DAYS = RETENTION_WARNING_DAYS + 1;
/** The longest retention a provider may choose (ten years). */
export const MAX_RETENTION_DAYS = 3650;

/** The API's refusal of a provider's retention that is out of bounds (the owner's providers table). */
export const RetentionMessages = {
  retentionInvalid: `retentionDays must be a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}, or null for the default`,
} as const;
