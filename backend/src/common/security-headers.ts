import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Helmet's response headers for these options, worked out once. Without directives that are functions
 * they do not depend on the request, and @fastify/helmet would rebuild the middleware (and parse the
 * CSP again) on every request: 8% of the API's time on a cached wall read.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Sets the headers on every reply, errors included, before any route or parser runs. */
export function addSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
