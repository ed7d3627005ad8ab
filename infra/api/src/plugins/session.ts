import cookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/api-error';
import type { UserRow } from '../repositories/user-repository';

/** The cookie's name over plain http (local platform, tests). */
export const SESSION_COOKIE = 'rendime_sid';
/** Over https: `__Host-` makes the browser refuse it unless Secure, host-only and Path=/, so a sibling subdomain cannot plant one. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

const sessionPlugin: FastifyPluginAsync = async (app) => {
  // With a secret the cookie is signed: a token written into the sessions table by anything but
  // this app (a restored backup, a stray script) cannot be presented without the key.
  await app.register(cookie, app.config.cookieSecret ? { secret: app.config.cookieSecret } : {});
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  const name = sessionCookieName(app.config.cookieSecure);

  app.addHook('onRequest', async (request) => {
    const raw = request.cookies[name];
    let token = raw;
    if (raw && app.config.cookieSecret) {
      const unsigned = request.unsignCookie(raw);
      token = unsigned.valid && unsigned.value !== null ? unsigned.value : undefined;
    }
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

/**
 * Session cookie (no Max-Age): it ends with the browser; the server ends it after 24 h idle or
 * SESSION_ABSOLUTE_MS after sign-in. `secure` is the app's cookieSecure (name and flag together).
 */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  const signed = Boolean(reply.server.config.cookieSecret);
  reply.setCookie(sessionCookieName(secure), token, { httpOnly: true, sameSite: 'lax', path: '/', secure, signed });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(sessionCookieName(secure), { httpOnly: true, sameSite: 'lax', path: '/', secure });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
