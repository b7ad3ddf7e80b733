import { randomInt } from 'node:crypto';
import slugify from 'slugify';
import { EVENT_CODE_ALPHABET, EVENT_CODE_LENGTH } from '@memory-wall/contracts';

export function randomEventCode(): string {
  let code = '';
  for (let i = 0; i < EVENT_CODE_LENGTH; i++) code += EVENT_CODE_ALPHABET[randomInt(EVENT_CODE_ALPHABET.length)];
  return code;
}

/** A readable slug from the name; `attempt` > 0 adds a random tail after a collision. */
export function eventSlug(name: string, attempt = 0): string {
  const base = slugify(name, { lower: true, strict: true }).slice(0, 80) || 'event';
  return attempt === 0 ? base : `${base}-${randomInt(36 ** 4).toString(36).padStart(4, '0')}`;
}
