import type { FastifyInstance } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import { REQUEST_ID_FIELD } from './access-log';

/**
 * Every line logged while a request is handled (Nest's Logger anywhere) carries its requestId, and the
 * jobs it enqueues take it along (MemoryQueue). Added after the hooks that answer a request themselves
 * (anonymous wall reads, answerPublicWallReads), which skip this: their access line has the id anyway, and
 * the one other line they may write (a wall's version unavailable from Redis) is about Redis, not the read.
 */
export function bindRequestLogContext(fastify: FastifyInstance, log: PinoLogger) {
  fastify.addHook('onRequest', (request, _reply, done) =>
    log.runInContext(done, { bindings: { [REQUEST_ID_FIELD]: request.id } }),
  );
}
