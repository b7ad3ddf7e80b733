import { ArgumentsHost, Catch, ExceptionFilter, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainErrorCode } from '@memory-wall/contracts';
import { isDomainError } from '@memory-wall/core';
import { toErrorBody, TooManyRequestsException } from './api-errors';
import type { FrontendPages } from './frontend-pages';

/**
 * One error shape for the whole API, and the single-page-app fallback: an unknown GET outside /api
 * answers the front end's HTML for that route so client-side routes survive a reload. Domain code throws
 * DomainErrors (a code, no HTTP): their statuses are decided here, by toErrorBody.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly pages: FrontendPages | null) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();

    const notFound = exception instanceof NotFoundException || isDomainError(exception, DomainErrorCode.NotFound);
    if (notFound && this.pages && this.isPageRequest(request)) {
      // Through the static file server: the page's precompressed .br or .gz as Accept-Encoding allows.
      void reply.status(200).sendFile(this.pages.fileFor(request.url.split('?')[0]));
      return;
    }
    const body = toErrorBody(exception);
    if (body.statusCode >= 500) this.logger.error({ err: exception, reqId: request.id }, (exception as Error)?.stack);
    if (exception instanceof TooManyRequestsException) reply.header('retry-after', String(exception.retryAfterSeconds));
    reply.status(body.statusCode).send(body);
  }

  private isPageRequest(request: FastifyRequest) {
    const path = request.url.split('?')[0];
    // A missing fingerprinted asset stays a 404: a stale page must not get HTML for its script.
    const notAPage = ['/api', '/ws', '/assets/'].some((prefix) => path.startsWith(prefix));
    return ['GET', 'HEAD'].includes(request.method) && !notAPage;
  }
}
