/**
 * What kind of refusal a domain error is. Domain code (services, lifecycle) says only this and the
 * catalogue message; the API's error filter alone decides the HTTP status of each code.
 */
export enum DomainErrorCode {
  /** The request's content breaks a rule (a field at fault, a file that is not what it claims). */
  Invalid = 'invalid',
  /** The credentials do not match an account. */
  Unauthenticated = 'unauthenticated',
  /** The service provider's balance cannot pay for this. */
  NotEnoughCredits = 'not_enough_credits',
  /** The caller is known but may not do this. */
  Forbidden = 'forbidden',
  /** Nothing the caller may see has this id (others' ids included, so that they reveal nothing). */
  NotFound = 'not_found',
  /** The thing's current state does not allow it (or the value is taken). */
  Conflict = 'conflict',
  /** A file or body over its limit. */
  TooLarge = 'too_large',
  /** Well-formed but not something this can act on (a paid pack or provider that does not exist). */
  Unprocessable = 'unprocessable',
  /** A service this depends on answered with a failure. */
  UpstreamFailed = 'upstream_failed',
  /** The feature is not set up on this installation. */
  Unavailable = 'unavailable',
}
