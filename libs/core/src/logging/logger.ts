import { hostname } from 'node:os';
import pino, { DestinationStream, Logger } from 'pino';

/** Which program wrote a line: API and workers share one format and one stream in a log store. */
export type LogService = 'api' | 'workers';

/**
 * What never reaches a log, whoever logs it: sessions and credentials (cookies, passwords, customer PINs,
 * tokens, secrets) and what guests wrote (message texts, captions), as a line's own fields or inside the
 * objects a line may carry (a request, its headers or body, a DTO, a memory). Named paths, not wildcards:
 * pino checks these few properties on each line, where a wildcard walks every object of every line.
 */
const SENSITIVE_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'customerPassword',
  'pin',
  'token',
  'secret',
  'apiKey',
  'content',
  'caption',
  'photoCaption',
  'text',
];
const CARRIERS = ['body', 'dto', 'memory', 'data'];
export const REDACTED_PATHS = [
  ...SENSITIVE_FIELDS,
  ...CARRIERS.flatMap((carrier) => SENSITIVE_FIELDS.map((field) => `${carrier}.${field}`)),
  'req.body',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
];

/**
 * The one log format of the API and the workers: a JSON object per line with `level` by name, `time`
 * (ISO 8601), `service`, `msg`, and the fields of its context (`requestId` in a request; `jobId`,
 * `memoryId`, `eventId` and the causing `requestId` in a job), with REDACTED_PATHS censored.
 */
export function createLogger(
  level: string,
  service: LogService,
  destination: DestinationStream = pino.destination({ sync: false }),
): Logger {
  return pino(
    {
      level,
      base: { service, pid: process.pid, hostname: hostname() },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    destination,
  );
}
