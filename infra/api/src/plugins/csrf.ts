import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from 'shared-kernel/messages';
import { ApiError } from '../lib/api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The cookie is SameSite=Lax, which already keeps it off cross-site POSTs from modern browsers;
 * this refuses state-changing requests whose Origin (or Fetch Metadata) says another site, for
 * older browsers and same-site-but-cross-origin pages. Requests without Origin (curl, tests,
 * server-to-server) are let through: they cannot carry a victim's cookie by accident.
 */
const csrfPlugin: FastifyPluginAsync = async (app) => {
  const allowed = new Set(app.config.allowedOrigins.map((o) => o.replace(/\/$/, '')));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin.replace(/\/$/, ''))) {
      throw new ApiError(403, 'CSRF', messages.errors.request.crossSite);
    }
    if (origin === undefined && request.headers['sec-fetch-site'] === 'cross-site') {
      throw new ApiError(403, 'CSRF', messages.errors.request.crossSite);
    }
  });
};

export const csrf = fp(csrfPlugin, { name: 'csrf' });
