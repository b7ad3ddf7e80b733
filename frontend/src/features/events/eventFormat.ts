import { format, parseISO } from 'date-fns';
import { EventStatus, type HostEvent } from '@memory-wall/contracts';

/** Today in the browser's time zone, as a date input holds it (yyyy-MM-dd). */
export const todayIso = () => format(new Date(), 'yyyy-MM-dd');

/** The date part of a stored date, for a date input ('' when there is none). */
export const dateInputValue = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');

/**
 * A stored date as the spec shows dates ('MMM d, yyyy'). Only the calendar day counts: an event on
 * June 12 is on June 12 wherever the viewer is.
 */
export function displayDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const day = parseISO(value.slice(0, 10));
  return Number.isNaN(day.getTime()) ? null : format(day, 'MMM d, yyyy');
}

/** Spec §2 Events list: a draft has used no credit, every other event one. */
export const creditsUsed = (event: Pick<HostEvent, 'status'>) => (event.status === EventStatus.Draft ? 0 : 1);

/** Filter tabs of the events list and the statuses each shows. */
export const FILTERS = {
  all: null,
  draft: [EventStatus.Draft],
  published: [EventStatus.Live],
  completed: [EventStatus.Completed, EventStatus.Expired],
} as const satisfies Record<string, readonly EventStatus[] | null>;
export type Filter = keyof typeof FILTERS;

export function matchesFilter(event: Pick<HostEvent, 'status'>, filter: Filter): boolean {
  const statuses = FILTERS[filter] as readonly EventStatus[] | null;
  return !statuses || statuses.includes(event.status);
}
