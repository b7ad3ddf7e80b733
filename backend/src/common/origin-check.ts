import type { FastifyInstance } from 'fastify';
import { AuthMessages } from '@memory-wall/contracts';
import type { AppConfig } from '@memory-wall/core';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origins whose pages are this app's own, for the HTTP state changes and the live socket alike:
 * PUBLIC_URL's, those of ALLOWED_ORIGINS, and the origin a request was addressed to (the same app reached
 * at another name, e.g. a venue's LAN address or the front end's dev server, which proxies without
 * changing Host).
 */
export class OwnOrigins {
  private readonly configured: ReadonlySet<string>;

  constructor(config: Pick<AppConfig, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>) {
    this.configured = new Set([config.PUBLIC_URL, ...config.ALLOWED_ORIGINS].map((url) => new URL(url).origin));
  }

  /** `addressedTo`: `protocol://host` the request was sent to, as the server (or its trusted proxy) saw it. */
  includes(origin: string, addressedTo: string): boolean {
    return this.configured.has(origin) || origin === addressedTo;
  }
}

/**
 * Refuses state-changing requests sent by another site's pages: a browser always sends Origin on
 * those, and it must be one of the app's own (OwnOrigins).
 * Requests without Origin (curl, server-to-server webhooks) are not from a browser page and pass.
 */
export function refuseForeignOrigins(fastify: FastifyInstance, origins: OwnOrigins) {
  // A callback hook, not an async one: no promise per request on the way through.
  fastify.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin || SAFE_METHODS.has(request.method)) return done();
    if (origins.includes(origin, `${request.protocol}://${request.host}`)) return done();
    reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: AuthMessages.foreignOrigin });
  });
}
