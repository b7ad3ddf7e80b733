import { ConsoleLogger, LogLevel } from '@nestjs/common';

const NEST_LEVELS: Record<string, LogLevel[]> = {
  trace: ['verbose', 'debug', 'log', 'warn', 'error', 'fatal'],
  debug: ['debug', 'log', 'warn', 'error', 'fatal'],
  info: ['log', 'warn', 'error', 'fatal'],
  warn: ['warn', 'error', 'fatal'],
  error: ['error', 'fatal'],
  fatal: ['fatal'],
  silent: [],
};

/** Nest's logger writing one JSON object per line, at the pino-style LOG_LEVEL of the config. */
export function createJsonLogger(level: string) {
  return new ConsoleLogger({ json: true, logLevels: NEST_LEVELS[level] ?? NEST_LEVELS.info });
}
