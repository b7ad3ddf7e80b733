import { DomainErrorCode } from '@memory-wall/contracts';

/**
 * A refusal raised by domain code: a code (what kind) and the spec's catalogue message, with the form
 * fields at fault where there are some. It knows nothing of HTTP: the API maps codes to statuses in one
 * filter, so services and the lifecycle stay usable outside a request.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  /** A refusal naming the form fields at fault; the message is the first field's. */
  static ofFields(code: DomainErrorCode, fields: Record<string, string>): DomainError {
    return new DomainError(code, Object.values(fields)[0], fields);
  }
}

/** Whether `err` is a domain refusal with one of these codes. */
export function isDomainError(err: unknown, ...codes: DomainErrorCode[]): err is DomainError {
  return err instanceof DomainError && (codes.length === 0 || codes.includes(err.code));
}
