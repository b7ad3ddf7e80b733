import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  Type,
  UseGuards,
} from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { isUUID } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import type { Session } from '../../modules/auth/session.store';

/** Throws the route's own 403/404 when the caller may not act on the object with this id. */
type AccessCheck<T> = (service: T, session: Session, id: string) => Promise<unknown>;

interface ObjectAccess {
  service: Type<unknown>;
  param: string;
  check: AccessCheck<unknown>;
}

const OBJECT_ACCESS_KEY = 'auth:object-access';

/**
 * Decides whether the caller may act on the route's object before its body is validated: pipes run after
 * guards, so a stranger's request gets the same 403/404 whatever body it sends, never the schema's
 * complaint about it. `check` is the service's own access rule, which the service applies again.
 */
export const AuthorizeFirst = <T>(service: Type<T>, param: string, check: AccessCheck<T>) =>
  applyDecorators(SetMetadata(OBJECT_ACCESS_KEY, { service, param, check }), UseGuards(ObjectAccessGuard));

@Injectable()
export class ObjectAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly modules: ModuleRef,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.reflector.get<ObjectAccess | undefined>(OBJECT_ACCESS_KEY, context.getHandler());
    const request = context.switchToHttp().getRequest<FastifyRequest & { session?: Session }>();
    const id = (request.params as Record<string, string | undefined>)[access?.param ?? ''];
    // A malformed id names no object: the route's UuidParam answers it. Without a session the global
    // guard has already answered (these routes are never public).
    if (!access || !request.session || !id || !isUUID(id)) return true;
    await access.check(this.modules.get(access.service, { strict: false }), request.session, id);
    return true;
  }
}
