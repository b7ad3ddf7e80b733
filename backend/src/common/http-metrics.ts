import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { Metrics } from '@memory-wall/core';

/** The label of requests that matched no route (the SPA's pages, unknown paths). */
export const UNMATCHED_ROUTE = '(unmatched)';

type Observer = { observe(value: number): void };

/**
 * Request latency by route pattern (/api/events/:id, not the URL): each route gets an onResponse hook of
 * its own that knows its pattern, with the histogram's child per status code made once, so a request
 * costs one observe and builds no label strings. Requests that matched no route are timed by one global
 * hook. Added before any route is, like the other onRoute hooks.
 */
export function measureRequests(fastify: FastifyInstance, metrics: Metrics) {
  const timer = (method: string, route: string) => {
    const byStatus = new Map<number, Observer>();
    return (reply: FastifyReply) => {
      let child = byStatus.get(reply.statusCode);
      if (!child) {
        child = metrics.httpRequestDuration.labels({ method, route, status_code: String(reply.statusCode) });
        byStatus.set(reply.statusCode, child);
      }
      child.observe(reply.elapsedTime / 1000);
    };
  };

  fastify.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const observe = timer(methods.length === 1 ? methods[0] : methods.join(','), route.url);
    const hook: onResponseHookHandler = (_request, reply, done) => {
      observe(reply);
      done();
    };
    route.onResponse = [...[route.onResponse ?? []].flat(), hook] as typeof route.onResponse;
  });

  const unmatched = new Map<string, (reply: FastifyReply) => void>();
  fastify.addHook('onResponse', (request: FastifyRequest, reply, done) => {
    if (request.is404) {
      let observe = unmatched.get(request.method);
      if (!observe) unmatched.set(request.method, (observe = timer(request.method, UNMATCHED_ROUTE)));
      observe(reply);
    }
    done();
  });
}
