import { RATE_LIMITS } from '../../plugins/abuse-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validateIsikukood } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import {
  IdentityMethodParam,
  IdentityPollQuery,
  IdentityPollResponse,
  IdentityStartRequest,
  IdentityStartResponse,
  normalizeMobileIdPhone,
} from 'shared-kernel/schemas';
import { ApiError } from '../../lib/api-error';
import { responses } from '../../schemas/responses';

const o = messages.identity.outcome;

/**
 * `POST /auth/{mobile|smartid}/start` and `GET /auth/{method}/poll?token=`. Open to anonymous
 * callers because the business sign-up verifies its representative before an account exists;
 * a signed-in caller's verification is recorded as theirs.
 */
export const authIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/:method/start',
    {
      config: { rateLimit: RATE_LIMITS.identityStart },
      schema: { params: IdentityMethodParam, body: IdentityStartRequest, response: responses({ 200: IdentityStartResponse }) },
    },
    async (request) => {
      const { method } = request.params;
      const personalCode = request.body.personalCode.trim();
      if (!validateIsikukood(personalCode)) throw new ApiError(400, 'INVALID_PERSONAL_CODE', o.invalidPersonalCode);
      let phoneNumber: string | null = null;
      if (method === 'mobile') {
        const raw = (request.body.phoneNumber ?? '').trim();
        if (raw === '') throw new ApiError(400, 'PHONE_REQUIRED', o.phoneRequired);
        phoneNumber = normalizeMobileIdPhone(raw);
        if (!phoneNumber) throw new ApiError(400, 'INVALID_PHONE', o.invalidPhone);
      }
      return app.identity.start({ method, personalCode, phoneNumber, userId: request.user?.id ?? null });
    },
  );

  app.get(
    '/auth/:method/poll',
    { schema: { params: IdentityMethodParam, querystring: IdentityPollQuery, response: responses({ 200: IdentityPollResponse }) } },
    async (request) => {
      const row = await app.identity.findForPoll(request.query.token, request.params.method, request.user?.id ?? null);
      if (!row) throw new ApiError(404, 'SESSION_NOT_FOUND', o.sessionNotFound);
      return app.identity.poll(row);
    },
  );
};
