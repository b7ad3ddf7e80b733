import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../common/auth/auth.decorators';
import { SESSION_TTL_SECONDS } from './session.store';

/** HttpOnly, SameSite=Lax, signed; Secure whenever the request came over https (behind a trusted proxy too). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string) {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    signed: true,
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The session id from a raw Cookie header (the WebSocket upgrade has no Fastify request). */
export function sessionIdFromCookieHeader(header: string | undefined, secret: string): string | null {
  if (!header) return null;
  const signed = fastifyCookie.parse(header)[SESSION_COOKIE];
  if (!signed) return null;
  const result = fastifyCookie.unsign(signed, secret);
  return result.valid ? result.value : null;
}
