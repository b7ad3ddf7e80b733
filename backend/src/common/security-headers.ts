import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Helmet's response headers for these options, worked out once. Without directives that are functions
 * they do not depend on the request, and @fastify/helmet would rebuild the middleware (and parse the
 * CSP again) on every request.
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

/** What OWASP's REST cheat sheet asks of API responses, which are never rendered as a page. */
const API_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-resource-policy',
  'referrer-policy',
];

/**
 * The headers of an API answer (JSON, media): no sniffing, no framing, a policy that loads nothing,
 * same-origin reads only. Helmet's document headers (the page's script sources, COOP, the DNS prefetch
 * and download switches...) would be a kilobyte of dead bytes on each of a guest's API calls.
 */
export function apiSecurityHeaders(): Record<string, string> {
  const all = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
  });
  return Object.fromEntries(API_HEADERS.map((name) => [name, all[name]]));
}

/**
 * Sets the headers on every reply, errors included, before any route or parser runs: the API's set under
 * /api/ (but its HTML docs), the documents' set (`options`) on everything else.
 */
export function addSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions) {
  const documents = securityHeaders(options);
  const api = apiSecurityHeaders();
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') ? api : documents);
    done();
  });
}
