import { BadRequestException } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { RequestMessages } from '@memory-wall/contracts';

/**
 * What the API accepts of a request before any of it reaches Nest. Bodies are turned into DTOs by
 * class-transformer, whose cost grows with the square of an object's key count and whose recursion
 * follows the nesting: a body must be refused on its shape, cheaply, before that runs.
 */

/** Every JSON (and form) body unless its route says otherwise: far above the largest form the app sends. */
export const DEFAULT_BODY_LIMIT = 100 * 1024;
/** Object keys plus array items in one body: a form has a few dozen, a Stripe event a few hundred. */
export const MAX_BODY_MEMBERS = 2_000;
/** Objects and arrays inside each other: the DTOs go three deep, Stripe's events under ten. */
export const MAX_BODY_DEPTH = 32;

const ROUTE_BODY_LIMIT = 'bodyLimit';

/** A route that needs a larger body than DEFAULT_BODY_LIMIT (a drawing's data URL, say). */
export const BodyLimit = (bytes: number) => RouteConfig({ [ROUTE_BODY_LIMIT]: bytes });

/** Gives the routes marked with @BodyLimit their limit; Fastify then refuses larger bodies as they arrive. */
export function applyRouteBodyLimits(fastify: FastifyInstance) {
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as Record<string, unknown> | undefined)?.[ROUTE_BODY_LIMIT];
    if (typeof limit === 'number') route.bodyLimit = limit;
  });
}

/** The reason a parsed body must be refused, or null. One pass, no recursion (a body may be 10,000 deep). */
export function bodyShapeProblem(body: unknown): string | null {
  if (body === null || typeof body !== 'object')
    return typeof body === 'string' && body.includes('\0') ? RequestMessages.nulCharacter : null;
  const pending: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 1 }];
  let members = 0;
  while (pending.length) {
    const { value, depth } = pending.pop()!;
    if (depth > MAX_BODY_DEPTH) return RequestMessages.nestedTooDeeply;
    const keys = Array.isArray(value) ? null : Object.keys(value as object);
    members += keys ? keys.length : (value as unknown[]).length;
    if (members > MAX_BODY_MEMBERS) return RequestMessages.tooManyFields;
    const items: unknown[] = keys ? keys.map((key) => (value as Record<string, unknown>)[key]) : (value as unknown[]);
    if (keys?.some((key) => key.includes('\0'))) return RequestMessages.nulCharacter;
    for (const item of items) {
      if (typeof item === 'string' && item.includes('\0')) return RequestMessages.nulCharacter;
      if (item !== null && typeof item === 'object') pending.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Refuses, for every route: a NUL character anywhere in the URL (PostgreSQL cannot store one, and no id,
 * code or slug holds one), and a parsed body of too many members, too deep, or holding a NUL character.
 */
export function refuseUnacceptableRequests(fastify: FastifyInstance) {
  fastify.addHook('onRequest', (request, _reply, done) => {
    done(
      request.url.includes('%00') || request.url.includes('\0')
        ? new BadRequestException(RequestMessages.nulCharacter)
        : undefined,
    );
  });
  fastify.addHook('preValidation', (request, _reply, done) => {
    const problem = bodyShapeProblem(request.body);
    done(problem ? new BadRequestException(problem) : undefined);
  });
}
