import { useMemo } from 'react';
import type { Language } from '@memory-wall/contracts';
import { useTranslation } from '.';

const DAY_PARTS = { month: 'short', day: 'numeric', year: 'numeric' } as const;
/** Seconds in each unit a time ago is told in, largest first. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * Dates, times ago and sums of money as each language writes them (Intl). In English a day is spec §9's
 * 'MMM d, yyyy' (Jun 12, 2027); prices are US dollars in every language ($450, 450 US$, 450 $US).
 */
export function formatters(language: Language) {
  const moment = new Intl.DateTimeFormat(language, DAY_PARTS);
  const momentWithTime = new Intl.DateTimeFormat(language, { ...DAY_PARTS, hour: 'numeric', minute: '2-digit' });
  const calendar = new Intl.DateTimeFormat(language, { ...DAY_PARTS, timeZone: 'UTC' });
  const wholeDollars = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  const dollarsAndCents = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
  });
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  const counts = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  return {
    /** The day a moment (a timestamp) fell on where the viewer is; '' for a missing or unreadable one. */
    date(iso: string | null | undefined): string {
      const date = iso ? new Date(iso) : undefined;
      return date && !Number.isNaN(date.getTime()) ? moment.format(date) : '';
    },
    /** A moment with its time of day where the viewer is ('Jun 12, 2027, 3:05 PM'); '' for a missing one. */
    dateTime(iso: string | null | undefined): string {
      const date = iso ? new Date(iso) : undefined;
      return date && !Number.isNaN(date.getTime()) ? momentWithTime.format(date) : '';
    },
    /**
     * A calendar day, from 'yyyy-mm-dd' or the date part of a stored timestamp: an event on June 12 is on
     * June 12 wherever the viewer is. '' for a missing or unreadable one.
     */
    day(value: string | null | undefined): string {
      const parts = value && CALENDAR_DAY.exec(value);
      if (!parts) return '';
      const day = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
      return Number.isNaN(day.getTime()) ? '' : calendar.format(day);
    },
    /** How long ago a moment was (or how long until it): '5 minutes ago', 'hace 5 minutos'. */
    ago(iso: string, now = Date.now()): string {
      const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
      const [unit, size] = UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? UNITS[UNITS.length - 1];
      return relative.format(Math.trunc(seconds / size), unit);
    },
    /** A count as the language groups its digits: 1,234, 1.234, 1 234. */
    number(count: number): string {
      return counts.format(count);
    },
    /** US cents as dollars: whole dollars without cents ($450), else with them ($123.45). */
    money(cents: number): string {
      return cents % 100 === 0 ? wholeDollars.format(cents / 100) : dollarsAndCents.format(cents / 100);
    },
  };
}
export type Formatters = ReturnType<typeof formatters>;

/** The formatters of the current language; components re-render with new ones when it changes. */
export function useFormat(): Formatters {
  const { language } = useTranslation();
  return useMemo(() => formatters(language), [language]);
}
