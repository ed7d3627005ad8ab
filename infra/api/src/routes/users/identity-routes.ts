import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { birthDateFromIsikukood, validateIsikukood } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { BooleanAnswer, IdParam, SessionUser, UpdateFullyPrivilegedRequest, UserExistParam, UserExistRequest } from 'shared-kernel/schemas';
import { ApiError } from '../../lib/api-error';
import { requireUser } from '../../plugins/session';
import { responses } from '../../schemas/responses';
import { isUnderAge } from '../../services/identity';
import { RATE_LIMITS } from '../../plugins/abuse-limits';

const r = messages.identity.refusal;
const NEED_ID = 'ROLE_USER_B2C_NEED_ID';

const invalidCode = () => new ApiError(400, 'INVALID_PERSONAL_CODE', messages.identity.outcome.invalidPersonalCode);
const cleanName = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');

/**
 * `POST /users/user-exist/{x}` and `PUT /users/update-fully-privileged/{id}`: the server side of
 * the verification page. The upgrade trusts nothing from the client but the personal code: it
 * needs a recent successful verification of that code that this user started, and spends it.
 */
export const userIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/user-exist/:x',
    {
      config: { rateLimit: RATE_LIMITS.userExist },
      schema: { params: UserExistParam, body: UserExistRequest, response: responses({ 200: BooleanAnswer }) },
    },
    async (request) => {
      const user = requireUser(request);
      const code = request.body.identityCode.trim();
      if (!validateIsikukood(code)) throw invalidCode();
      return app.userRepository.verifiedCodeTakenByOther(code, user.id);
    },
  );

  app.put(
    '/users/update-fully-privileged/:id',
    { schema: { params: IdParam, body: UpdateFullyPrivilegedRequest, response: responses({ 200: SessionUser }) } },
    async (request) => {
      const user = requireUser(request);
      if (request.params.id !== user.id) throw new ApiError(403, 'FORBIDDEN', r.notOwnAccount);
      const code = request.body.identityCode.trim();
      if (!validateIsikukood(code)) throw invalidCode();
      if (!user.roles.includes(NEED_ID)) throw new ApiError(409, 'ALREADY_VERIFIED', r.alreadyVerified);
      const now = app.clock.now();
      if (isUnderAge(code, now)) throw new ApiError(403, 'UNDER_AGE', messages.identity.outcome.underAge);
      const verification = await app.verificationRepository.findUsableForUser(user.id, code, now);
      if (!verification) throw new ApiError(403, 'IDENTITY_NOT_VERIFIED', r.notVerified);
      if (await app.userRepository.verifiedCodeTakenByOther(code, user.id)) throw new ApiError(409, 'IDENTITY_CODE_IN_USE', r.codeInUse);

      const name = cleanName(request.body.name) || user.name;
      const lastName = cleanName(request.body.lastName) || user.lastName;
      const birth = birthDateFromIsikukood(code);
      const birthday = birth
        ? `${birth.year}-${String(birth.month).padStart(2, '0')}-${String(birth.day).padStart(2, '0')}`
        : user.birthday;
      const roles = [...user.roles.filter((role) => role !== NEED_ID && role !== 'ROLE_USER'), 'ROLE_USER'];

      const updated = await app.userRepository.markVerified(
        user.id,
        NEED_ID,
        { roles, name, lastName, identityCode: code, birthday, verifiedTs: now, updatedTs: now },
        // The verification is spent in the same transaction: one proof, one upgrade.
        (tx) => app.verificationRepository.spend(verification.id, tx),
      );
      if (!updated) throw new ApiError(409, 'ALREADY_VERIFIED', r.alreadyVerified);
      return app.userRepository.toSessionUser(updated);
    },
  );
};
