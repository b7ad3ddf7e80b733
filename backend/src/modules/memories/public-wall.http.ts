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
 * Answers an anonymous read of a public wall in its onRequest phase when this instance holds the wall's
 * current version (MemoriesService.cachedPublicWall): a venue's screens and guests' phones read the same
 * wall again and again, and Nest's pipeline (guard, pipes, controller) costs more than such an answer.
 * Every other request to the route (a session cookie, a query beyond a valid order, a wall not cached)
 * goes on to MemoriesController.list (`route`, as Fastify knows it), which builds and caches the wall.
 * Registered after the hooks that every reply needs (request id, origin check, security headers).
 */
export function answerCachedWallReads(
  fastify: FastifyInstance,
  memories: Pick<MemoriesService, 'cachedPublicWall'>,
  route: string,
) {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.url !== route || request.method !== 'GET' || mayHaveSession(request)) return done();
    const order = orderOf(request.query as Record<string, string | string[]>);
    const wall =
      order &&
      memories.cachedPublicWall(
        (request.params as { eventId: string }).eventId,
        order,
        request.headers['if-none-match'],
      );
    if (!wall) return done();
    sendPublicWall(reply, wall);
  });
}

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
