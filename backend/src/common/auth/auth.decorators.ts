import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { Role } from '@memory-wall/contracts';
import type { Session } from '../../modules/auth/session.store';

export const PUBLIC_KEY = 'auth:public';
export const ROLES_KEY = 'auth:roles';

/** Anyone may call this route, signed in or not. Every other route needs a session. */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** Only these roles may call this route (ownership is checked by the service). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/** The caller's session (undefined on a public route without one). */
export const CurrentSession = createParamDecorator(
  (_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<{ session?: Session }>().session,
);

/** The session id cookie, for logout and rotation. */
export const SESSION_COOKIE = 'mw_session';
