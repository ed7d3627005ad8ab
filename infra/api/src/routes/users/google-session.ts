import { RATE_LIMITS } from '../../plugins/abuse-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import { GoogleSessionRequest, SessionUser } from 'shared-kernel/schemas';
import { accountSuspended, ApiError } from '../../lib/api-error';
import { hashPassword } from '../../lib/password';
import { randomToken } from '../../lib/tokens';
import { setSessionCookie } from '../../plugins/session';
import { responses } from '../../schemas/responses';

const g = messages.identity.google;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * `POST /users/session-google {credential}`: signs in the account whose username is the Google
 * e-mail, or registers a private user (who must then verify identity, like any private sign-up).
 */
export const googleSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/session-google',
    {
      config: { priority: true, pausesHeavy: true, rateLimit: RATE_LIMITS.googleSignIn },
      schema: { body: GoogleSessionRequest, response: responses({ 200: SessionUser }) },
    },
    async (request, reply) => {
      const identity = await app.googleVerifier.verify(request.body.credential).catch(() => null);
      if (!identity) throw new ApiError(401, 'GOOGLE_LOGIN_FAILED', g.invalidCredential);
      // Linking by e-mail is safe only when Google vouches for the address.
      if (!identity.emailVerified) throw new ApiError(401, 'GOOGLE_EMAIL_NOT_VERIFIED', g.emailNotVerified);

      const users = app.userRepository;
      const now = app.clock.now();
      let user = await users.findByUsername(identity.email);
      if (!user) {
        try {
          user = await users.create(
            {
              username: identity.email,
              // No password sign-in until the user sets one through the forgot-password flow.
              passwordHash: await hashPassword(randomToken(32)),
              type: 'B2C',
              name: identity.givenName?.trim() || 'Uus',
              lastName: identity.familyName?.trim() || 'Kasutaja',
              identityCode: 'Kinnitamata',
              countryCode: 'EE',
              allowVat: false,
              roles: ['ROLE_USER_B2C_NEED_ID'],
              verified: false,
              createdTs: now,
              updatedTs: now,
            },
            (await users.emailInUse(identity.email)) ? [] : [{ type: 'EMAIL', value: identity.email, prime: false }],
          );
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          user = await users.findByUsername(identity.email);
          if (!user) throw error;
        }
      }
      if (user.suspended) throw accountSuspended();
      if (request.sessionToken) await app.sessionRepository.destroy(request.sessionToken);
      const token = await app.sessionRepository.create(user.id, now, request.headers['user-agent']);
      setSessionCookie(reply, token, app.config.cookieSecure);
      return users.toSessionUser(user);
    },
  );
};
