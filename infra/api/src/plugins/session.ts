import cookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/api-error';
import type { UserRow } from '../repositories/user-repository';

export const SESSION_COOKIE = 'rendime_sid';

const sessionPlugin: FastifyPluginAsync = async (app) => {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    // Tokens are 43 base64url chars; anything else cannot be ours, so skip the lookup.
    if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return;
    const session = await app.sessionRepository.resolve(token, app.clock.now());
    if (session) {
      request.user = session.user;
      request.sessionToken = token;
    }
  });
};

export const session = fp(sessionPlugin, { name: 'session', dependencies: ['session-repository'] });

/** Session cookie (no Max-Age): it ends with the browser; the server ends it after 24 h idle. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
