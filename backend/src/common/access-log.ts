import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** The request id's field on every line of a request, and on the workers' lines of the jobs it caused. */
export const REQUEST_ID_FIELD = 'requestId';

/**
 * The API's access log: one line per request when its response is done (Fastify's own request logging
 * writes two, at arrival and completion), with the request id of the request's logger. Fastify's other
 * per-request lines stay off: errors are logged by ApiExceptionFilter.
 */
export class AccessLog extends LogController {
  constructor() {
    super({ disableRequestLogging: true, requestIdLogLabel: REQUEST_ID_FIELD });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request completed');
  }
}
