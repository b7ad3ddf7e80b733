import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { jitteredBackoff } from '@memory-wall/contracts';

/**
 * How a guest's submission survives a venue's network: it is sent again by itself after a network error,
 * a stalled upload or a 5xx, never after another 4xx (the answer will not change), with a capped, jittered
 * backoff so that a room of phones coming back does not retry in step, and at once when the browser says
 * it is online again. The server stores a submission once by its id (SUBMISSION_ID_HEADER), so a retry
 * after a lost answer is safe.
 */
export const SUBMISSION_RETRY = {
  /** Sends after the first one. */
  retries: 8,
  firstDelayMs: 1_000,
  maxDelayMs: 20_000,
  /** A request that sends or receives nothing for this long is given up and sent again. */
  stallMs: 30_000,
} as const;

/**
 * The wait before retry number `retry` (1 = the first): exponential up to the cap, of which a random half
 * is waived ("equal jitter": never in step, never at once).
 */
export function retryDelay(retry: number, random: () => number = Math.random): number {
  return Math.round(
    jitteredBackoff(retry - 1, { firstMs: SUBMISSION_RETRY.firstDelayMs, maxMs: SUBMISSION_RETRY.maxDelayMs }, random),
  );
}

/** The connection failed or stalled before an answer came. */
export class ConnectionLost extends Error {
  constructor() {
    super('The connection was lost');
    this.name = 'ConnectionLost';
  }
}

/** Worth sending again: no answer (network, stall, timeout) or a server error; not a 4xx. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ConnectionLost) return true;
  const status = (error as Partial<FetchBaseQueryError> | undefined)?.status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return true;
  return typeof status === 'number' && status >= 500;
}

/** Waits retryDelay(retry), or less: until the browser reports it is online again. */
export function waitToRetry(retry: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, retryDelay(retry));
    window.addEventListener('online', done);
  });
}

/** Runs `send` until it succeeds, fails for good, or the retries are spent; `onRetry` hears of each wait. */
export async function withRetries<T>(send: () => Promise<T>, onRetry?: (retry: number) => void): Promise<T> {
  for (let retry = 1; ; retry++) {
    try {
      return await send();
    } catch (error) {
      if (retry > SUBMISSION_RETRY.retries || !isRetryable(error)) throw error;
      onRetry?.(retry);
      await waitToRetry(retry);
    }
  }
}

/** The same policy for an RTK Query endpoint (its extraOptions; api.ts's base query is RTK's `retry`). */
export const SUBMISSION_RETRY_OPTIONS = {
  retryCondition: (error: unknown, _args: unknown, { attempt }: { attempt: number }) =>
    attempt <= SUBMISSION_RETRY.retries && isRetryable(error),
  backoff: (attempt: number) => waitToRetry(attempt),
};

/**
 * A new submission id, a UUID v4. crypto.randomUUID exists only on secure pages (https, localhost); a
 * venue's guests may reach a local install over plain http, where getRandomValues still works.
 */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
