import { PATH_METADATA } from '@nestjs/common/constants';
import type { Type } from '@nestjs/common';

/** The prefix of every API route (app.setGlobalPrefix). */
export const API_PREFIX = 'api';

/**
 * The route of a controller's handler as Fastify knows it (`/api/events/:eventId/memories`), read from the
 * paths its decorators declare: a hook that must recognise the route needs no copy of it.
 */
export function routeOf<T>(controller: Type<T>, handler: keyof T & string): string {
  const paths = [
    API_PREFIX,
    Reflect.getMetadata(PATH_METADATA, controller),
    Reflect.getMetadata(PATH_METADATA, (controller.prototype as Record<string, object>)[handler]),
  ];
  const parts = paths.flatMap((path: unknown) => (typeof path === 'string' ? path.split('/') : [])).filter(Boolean);
  return `/${parts.join('/')}`;
}
