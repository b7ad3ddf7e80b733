import { format, isValid, parseISO } from 'date-fns';

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** US cents as dollars: $450 for whole dollars, $123.45 otherwise. */
export function formatCents(cents: number): string {
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : dollarsAndCents.format(cents / 100);
}

/** Spec §9: dates as 'MMM d, yyyy' (Jun 1, 2025); empty for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'MMM d, yyyy') : '';
}

/** A signed credit amount: +10, -1. */
export const signed = (amount: number) => (amount > 0 ? `+${amount}` : String(amount));
