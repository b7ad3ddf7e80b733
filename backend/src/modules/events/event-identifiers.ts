import { randomInt } from 'node:crypto';
import slugify from 'slugify';
import { DomainErrorCode, EVENT_CODE_ALPHABET, EVENT_CODE_LENGTH, EventMessages } from '@memory-wall/contracts';
import { DomainError, EventRepository } from '@memory-wall/core';

export function randomEventCode(): string {
  let code = '';
  for (let i = 0; i < EVENT_CODE_LENGTH; i++) code += EVENT_CODE_ALPHABET[randomInt(EVENT_CODE_ALPHABET.length)];
  return code;
}

/** 8 base-36 characters, about 41 bits: more guesses than the whole event-code space (31^6, about 30 bits). */
const SLUG_TAIL_LENGTH = 8;

/**
 * A readable slug from the name with a random tail. The slug finds a published event (its id, and through
 * that its code) without signing in, so it must not be derivable from the event's name: "anna-and-ben"
 * is guessed by anyone who knows the couple, "anna-and-ben-k3x9q2m7" is not.
 */
export function eventSlug(name: string): string {
  const base = slugify(name, { lower: true, strict: true }).slice(0, 80) || 'event';
  return `${base}-${randomInt(36 ** SLUG_TAIL_LENGTH)
    .toString(36)
    .padStart(SLUG_TAIL_LENGTH, '0')}`;
}

/** A slug for a new event that no other event has. */
export async function freeSlug(events: EventRepository, name: string): Promise<string> {
  for (;;) {
    const slug = eventSlug(name);
    if (!(await events.slugTaken(slug))) return slug;
  }
}

/** A random event code that no other event has. */
export async function freeCode(events: EventRepository): Promise<string> {
  for (;;) {
    const code = randomEventCode();
    if (!(await events.codeTaken(code))) return code;
  }
}

/** A code a host chose: 409 when another event has it. */
export async function assertCodeFree(events: EventRepository, code: string): Promise<void> {
  if (await events.codeTaken(code)) {
    throw DomainError.ofFields(DomainErrorCode.Conflict, { eventCode: EventMessages.eventCodeTaken });
  }
}
