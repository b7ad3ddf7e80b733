import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The API's access log: one line per request when its response is done (Fastify's own request logging
 * writes two, at arrival and completion), with the request id of the request's logger. Fastify's other
 * per-request lines stay off: errors are logged by ApiExceptionFilter.
 */
export class AccessLog extends LogController {
  constructor() {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request completed');
  }
}
