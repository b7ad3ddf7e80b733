import { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';

/**
 * nestjs-pino over `logger`, the process's one pino instance (createLogger): Nest's Logger, wherever it is
 * used, writes through it with the fields of the current context. In the API (`fromFastify`) that is
 * Fastify's logger of the request (its requestId); Fastify writes the access log line itself (AccessLog),
 * so pino-http logs nothing of its own. In the workers a job's fields are bound with runInContext.
 */
export function loggingModule(logger: Logger, fromFastify: boolean): DynamicModule {
  return LoggerModule.forRoot({ pinoHttp: { logger, autoLogging: false }, ...(fromFastify ? { useExisting: true as const } : {}) });
}
