import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DISPLAY_ORDERS, DisplayOrder, LIVE_POSITION_HEADER } from '@memory-wall/contracts';
import { SESSION_COOKIE } from '../../common/auth/auth.decorators';
import { sendSharedJson } from '../../common/compression';
import type { MemoriesService, PublicWall } from './memories.service';

export function sendPublicWall(reply: FastifyReply, wall: PublicWall) {
  reply.header('cache-control', 'no-cache');
  if (wall.position) reply.header(LIVE_POSITION_HEADER, wall.position);
  if (wall.etag) reply.header('etag', wall.etag);
  if (wall.notModified) return reply.status(304).send();
  // A cached wall's body is shared by every read of its version: compressed once, not per read.
  return sendSharedJson(reply, wall.body);
}

/**
 * Answers anonymous reads of a public wall in its onRequest phase: a venue's screens and guests' phones
 * read the same wall again and again, and after a restart or a change all at once, and Nest's pipeline
 * (guard, pipes, controller) costs more than such an answer. When this instance holds the wall's current
 * version (MemoriesService.cachedPublicWall) the answer is synchronous, a 304 included: no I/O, no promise.
 * Otherwise MemoriesService.publicWall builds it (deciding first that the event is published, and once per
 * version however many reads ask); when that fails (an unknown or unpublished event, the database away)
 * the request goes on to the route, which answers the error as every route does.
 * Every other request to the route (a session cookie, a query beyond a valid order, an id that is no UUID)
 * goes on to MemoriesController.list (`route`, as Fastify knows it). Registered after the hooks that every
 * reply needs (request id, tracing, origin check, security headers) and before the log context binding,
 * which only these reads skip: their access line and metrics are written as for any request.
 */
export function answerPublicWallReads(
  fastify: FastifyInstance,
  memories: Pick<MemoriesService, 'cachedPublicWall' | 'publicWall'>,
  route: string,
) {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url !== route || request.method !== 'GET' || mayHaveSession(request)) return done();
    const order = orderOf(request.query as Record<string, string | string[]>);
    if (!order) return done();
    const { eventId } = request.params as { eventId: string };
    const ifNoneMatch = request.headers['if-none-match'];
    const cached = memories.cachedPublicWall(eventId, order, ifNoneMatch);
    if (cached) return void sendPublicWall(reply, cached);
    if (!UUID.test(eventId)) return done();
    memories.publicWall(eventId, order, ifNoneMatch).then(
      (wall) => sendPublicWall(reply, wall),
      () => done(),
    );
  });
}

/** An id the route's UuidParam would take; anything else is the route's 400. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Hosts' reads go to the route, which tells a session's list from the public wall. */
function mayHaveSession(request: FastifyRequest): boolean {
  return request.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false;
}

/** The order asked for when it is the query's only parameter and valid; the controller handles the rest. */
function orderOf(query: Record<string, string | string[]>): DisplayOrder | undefined {
  const keys = Object.keys(query);
  if (keys.length === 0) return DisplayOrder.Newest;
  const order = query.order as DisplayOrder;
  return keys.length === 1 && DISPLAY_ORDERS.includes(order) ? order : undefined;
}
