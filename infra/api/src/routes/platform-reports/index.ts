import type { FastifyRequest } from 'fastify';
import { refuseBodyControlCharacters } from '../../plugins/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLES } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { REMOTE_REPORTS_PATH, RemoteLoadReport, RemoteReportsAnswer } from 'shared-kernel/schemas';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import type { RouteRateLimit } from '../../plugins/abuse-limits';
import { requireUser } from '../../plugins/session';
import { mediaResponse, responses } from '../../schemas/responses';

/** Reports one address may send in the window: a page load sends one per remote, a broken release a few more. */
export const REPORT_LIMITS: RouteRateLimit[] = [{ name: 'remote-report', by: 'address', limit: 120, windowMs: 10 * 60_000 }];
/** A report is a few hundred bytes; anything much bigger is not one. */
export const REPORT_BODY_LIMIT = 4 * 1024;
/** What the admin page lists, newest first. */
export const LATEST_LIMIT = 200;
export const SUMMARY_WINDOW_MS = 24 * 60 * 60_000;
/** Reports older than this are deleted when new ones arrive. */
const KEEP_MS = 30 * 24 * 60 * 60_000;

const isTextPlain = (request: FastifyRequest) => /^text\/plain\b/i.test(request.headers['content-type'] ?? '');

/**
 * `POST /platform/remote-reports`: the shell tells how loading and mounting a remote went (anyone
 * may, signed in or not). `GET` of the same path: the admins' view of the latest reports and the
 * last 24 hours per remote version.
 *
 * CSRF: the shell sends the report with `navigator.sendBeacon`, which cannot set a custom header
 * and sends a string body as `text/plain` (a CORS-simple request, so no preflight protects it).
 * The app-wide check (plugins/csrf) already refuses any POST whose Origin is not the site's own.
 * A text/plain report must in addition carry an Origin at all: browsers always send one on a POST,
 * so a text/plain body without it is not from our page, and one with a foreign Origin was refused
 * already. JSON reports (tests, tools) follow the same rules as every other POST. The worst a
 * forged report could do is add a row to a diagnostics table, rate limited per address.
 */
export const platformReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    REMOTE_REPORTS_PATH,
    {
      bodyLimit: REPORT_BODY_LIMIT,
      config: { rateLimit: REPORT_LIMITS },
      schema: { body: RemoteLoadReport, response: responses({ 204: mediaResponse('Stored; no body', ['text/plain'], z.string().max(0)) }) },
      preValidation: async (request) => {
        if (!isTextPlain(request)) return;
        if (request.headers.origin === undefined) throw new ApiError(403, 'CSRF', messages.errors.request.crossSite);
        const text = typeof request.body === 'string' ? request.body : '';
        try {
          request.body = JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value));
        } catch {
          throw new ApiError(400, 'MALFORMED_JSON', messages.errors.request.malformedJson);
        }
        // The app-wide check saw only the JSON text, where a NUL is the six characters \u0000.
        refuseBodyControlCharacters(request.body);
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      await app.remoteReportRepository.add(request.body, {
        userId: request.user?.id ?? null,
        userAgent: request.headers['user-agent'],
        now,
      });
      // Keeping the table small needs no timer: a report now and then clears the old ones.
      if (Math.random() < 0.01) await app.remoteReportRepository.purgeOlderThan(new Date(now.getTime() - KEEP_MS));
      return reply.code(204).send();
    },
  );

  app.get(REMOTE_REPORTS_PATH, { schema: { response: responses({ 200: RemoteReportsAnswer }) } }, async (request) => {
    const user = requireUser(request);
    if (!user.roles.includes(ROLES.admin)) throw new ApiError(403, 'FORBIDDEN', messages.common.forbidden);
    const since = new Date(app.clock.now().getTime() - SUMMARY_WINDOW_MS);
    const [reports, summary] = [
      await app.remoteReportRepository.latest(LATEST_LIMIT),
      await app.remoteReportRepository.summarySince(since),
    ];
    return { since: since.toISOString(), reports, summary };
  });
};
