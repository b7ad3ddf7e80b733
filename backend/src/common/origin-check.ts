import type { FastifyInstance } from 'fastify';
import { AuthMessages } from '@memory-wall/contracts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's pages: a browser always sends Origin on
 * those, and it must be this site (the public URL, or the host the request was addressed to).
 * Requests without Origin (curl, server-to-server webhooks) are not from a browser page and pass.
 */
export function refuseForeignOrigins(fastify: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  // A callback hook, not an async one: no promise per request on the way through.
  fastify.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin || SAFE_METHODS.has(request.method)) return done();
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin === publicOrigin || origin === ownOrigin) return done();
    reply.status(403).send({ statusCode: 403, error: 'Forbidden', message: AuthMessages.foreignOrigin });
  });
}
