import { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';

/**
 * nestjs-pino over `logger`, the process's one pino instance (createLogger): Nest's Logger, wherever it is
 * used, writes through it with the fields of the current context (PinoLogger.runInContext: a request's
 * requestId in the API, see bindRequestLogContext; a job's ids in the workers). No Nest middleware: binding
 * the request in a Fastify hook costs less per request, and Fastify writes the access line (AccessLog).
 */
export function loggingModule(logger: Logger): DynamicModule {
  return LoggerModule.forRoot({ pinoHttp: { logger, autoLogging: false }, forRoutes: [] });
}
