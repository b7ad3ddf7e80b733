import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AuthMessages, Role } from '@memory-wall/contracts';
import { Session, SessionStore } from '../../modules/auth/session.store';
import { PUBLIC_KEY, ROLES_KEY, SESSION_COOKIE } from './auth.decorators';

/**
 * The global guard: reads the session from Redis, then applies the route's rule. Routes are private
 * by default; @Public() opens one, @Roles() narrows one to roles.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { session?: Session; sessionId?: string }>();
    const sid = request.cookies?.[SESSION_COOKIE];
    const unsigned = sid ? request.unsignCookie(sid) : null;
    if (unsigned?.valid && unsigned.value) {
      const session = await this.sessions.get(unsigned.value);
      if (session) {
        request.session = session;
        request.sessionId = unsigned.value;
      }
    }

    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    if (!request.session) throw new UnauthorizedException(AuthMessages.signInRequired);
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    if (roles && !roles.includes(request.session.role)) throw new ForbiddenException(AuthMessages.accessDenied);
    return true;
  }
}
