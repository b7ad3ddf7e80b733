import { PIN_RANGE } from '@memory-wall/contracts';

/** A fresh 6-digit PIN in the range the server generates (spec §9), from the browser's crypto. */
export function generatePin(): string {
  const span = PIN_RANGE.max - PIN_RANGE.min + 1;
  const [random] = crypto.getRandomValues(new Uint32Array(1));
  return String(PIN_RANGE.min + (random % span));
}
