import { format } from 'date-fns';
import { EventStatus, type HostEvent } from '@memory-wall/contracts';

/** Today in the browser's time zone, as a date input holds it (yyyy-MM-dd). */
export const todayIso = () => format(new Date(), 'yyyy-MM-dd');

/** The date part of a stored date, for a date input ('' when there is none). */
export const dateInputValue = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');

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
