import { RATE_LIMITS } from '../../plugins/abuse-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { format, messages } from 'shared-kernel/messages';
import {
  BooleanAnswer,
  ForgotPasswordRequest,
  isStrongPassword,
  OkResponse,
  ResetHashParam,
  ResetPasswordRequest,
} from 'shared-kernel/schemas';
import { ApiError } from '../../lib/api-error';
import { hashPassword } from '../../lib/password';
import { responses } from '../../schemas/responses';
import { PASSWORD_RULE_MESSAGE } from '../users';
import { loginKeysOfAccount } from '../login';

const invalidHash = () => new ApiError(400, 'INVALID_HASH', messages.errors.passwordReset.invalidLink);

export const forgotPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/forgot-pw',
    {
      config: { rateLimit: RATE_LIMITS.forgotPassword },
      schema: { body: ForgotPasswordRequest, response: responses({ 200: OkResponse }) },
    },
    async (request) => {
      const email = request.body.email;
      const user = await app.userRepository.findByUsername(email);
      // The spec's UI answers 'Vale email' when the address is unknown, so we say so.
      if (!user) throw new ApiError(404, 'EMAIL_NOT_FOUND', messages.errors.passwordReset.forgotFailed);
      const now = app.clock.now();
      await app.passwordResetRepository.create(user.id, now, (token) => ({
        kind: 'mail',
        to: email,
        subject: messages.errors.passwordReset.mailSubject,
        body: format(messages.errors.passwordReset.mailBody, {
          link: `${app.config.publicSiteUrl}/public/change-password?key=${encodeURIComponent(token)}`,
        }),
      }));
      return { ok: true as const };
    },
  );

  app.get('/forgot-pw/:hash', { schema: { params: ResetHashParam, response: responses({ 200: BooleanAnswer }) } }, async (request) => {
    return app.passwordResetRepository.isUsable(request.params.hash, app.clock.now());
  });

  app.post('/forgot-pw', { schema: { body: ResetPasswordRequest, response: responses({ 200: OkResponse }) } }, async (request) => {
    const { hash, newPassword } = request.body;
    const now = app.clock.now();
    if (!(await app.passwordResetRepository.isUsable(hash, now))) throw invalidHash();
    if (!isStrongPassword(newPassword)) throw new ApiError(400, 'INVALID_PASSWORD', PASSWORD_RULE_MESSAGE);
    // Hash first so that consuming the token is the last thing that can fail.
    const passwordHash = await hashPassword(newPassword);
    const userId = await app.passwordResetRepository.consume(hash, now);
    if (userId === null) throw invalidHash();
    await app.userRepository.setPasswordHash(userId, passwordHash, now);
    // Whoever locked the account by guessing, its owner has just proved the mailbox: sign-in opens again.
    const user = await app.userRepository.findById(userId);
    if (user) {
      const { keys, prefixes } = loginKeysOfAccount(user.username);
      await app.rateLimitRepository.clear(keys, prefixes);
    }
    // A reset means the old password may be known to someone else: end every session.
    await app.sessionRepository.destroyAllOf(userId);
    return { ok: true as const };
  });
};
