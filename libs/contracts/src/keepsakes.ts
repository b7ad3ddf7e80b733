/**
 * Keepsakes: what hosts take home after an event. A ZIP of the approved memories' originals (with a printable
 * guestbook and a CSV) and a printed memory book (PDF) in two paper sizes, built by the workers.
 */
export const KeepsakeKind = { Archive: 'zip', BookA4: 'book_a4', BookLetter: 'book_letter' } as const;
export type KeepsakeKind = (typeof KeepsakeKind)[keyof typeof KeepsakeKind];
export const KEEPSAKE_KINDS = Object.values(KeepsakeKind);

export const KeepsakeStatus = { Queued: 'queued', Building: 'building', Ready: 'ready', Failed: 'failed' } as const;
export type KeepsakeStatus = (typeof KeepsakeStatus)[keyof typeof KeepsakeStatus];
export const KEEPSAKE_STATUSES = Object.values(KeepsakeStatus);

/** A keepsake as hosts see it (the list, and the hosts' live feed while it is built). */
export interface KeepsakeView {
  id: string;
  eventId: string;
  kind: KeepsakeKind;
  status: KeepsakeStatus;
  /** Percent of the memories written, 0 to 100. */
  progress: number;
  /** Bytes, once ready. */
  size: number | null;
  /** Objects that storage no longer had: left out of the keepsake and listed in its report. */
  missing: string[];
  /** Why the last build failed. */
  error: string | null;
  requestedAt: string;
  updatedAt: string;
}

/** The file name a keepsake is downloaded as. */
export function keepsakeFileName(eventName: string, kind: KeepsakeKind): string {
  const base =
    eventName
      .normalize('NFKD')
      .replace(/[^\w\- ]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 80) || 'event';
  if (kind === KeepsakeKind.Archive) return `${base}-memories.zip`;
  return `${base}-memory-book-${kind === KeepsakeKind.BookA4 ? 'a4' : 'letter'}.pdf`;
}

/** Hosts may ask for a new build once per this many minutes per event. */
export const KEEPSAKE_REQUEST_INTERVAL_MINUTES = 5;

/** A short-lived download link of a ready keepsake. */
export interface KeepsakeLink {
  url: string;
  expiresAt: string;
}

export const KeepsakeMessages = {
  nothingToKeep: 'This event has no approved memories yet, so there is nothing to put in a keepsake.',
  tooSoon: (minutes: number) =>
    `A keepsake of this event was requested a moment ago. You can ask again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  notFound: 'Keepsake not found',
  notReady: 'This keepsake is not ready yet',
  linkExpired: 'This download link has expired or is not valid. Ask for a new one on the event page.',
  interrupted: 'The build was interrupted and is being restarted',
} as const;
