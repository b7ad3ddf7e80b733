import type { FastifyInstance, FastifyRequest } from 'fastify';
import { context, contextFrom, Span, SpanKind, SpanStatusCode, startSpan, trace } from '@memory-wall/core';
import { UNMATCHED_ROUTE } from './http-metrics';

/**
 * One server span per request, named by its route pattern, continuing a caller's W3C traceparent, and the
 * active span for everything the request does (the jobs it enqueues carry it on). Added only while tracing
 * is on: with tracing off a request pays for no hook at all.
 */
export function traceRequests(fastify: FastifyInstance) {
  const spans = new WeakMap<FastifyRequest, Span>();
  fastify.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const span = startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': route, 'memorywall.request_id': request.id },
      },
      contextFrom(request.headers),
    );
    spans.set(request, span);
    context.with(trace.setSpan(context.active(), span), done);
  });
  const end = (request: FastifyRequest, statusCode?: number) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    if (statusCode !== undefined) span.setAttribute('http.response.status_code', statusCode);
    if (statusCode === undefined || statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  fastify.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  fastify.addHook('onRequestAbort', (request, done) => {
    end(request);
    done();
  });
}
