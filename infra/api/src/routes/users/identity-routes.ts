import type { FastifyPluginAsync } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import { birthDateFromIsikukood, validateIsikukood } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { IdParam, UpdateFullyPrivilegedRequest, UserExistParam, UserExistRequest, type SessionUser } from 'shared-kernel/schemas';
import { users } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import type { ZodTypeProvider } from '../../lib/zod-type-provider';
import { requireUser } from '../../plugins/session';
import { isUnderAge } from '../../services/identity';
import { RateLimiter } from '../../services/identity/rate-limiter';

const r = messages.identity.refusal;
const NEED_ID = 'ROLE_USER_B2C_NEED_ID';

const invalidCode = () => new ApiError(400, 'INVALID_PERSONAL_CODE', messages.identity.outcome.invalidPersonalCode);
const cleanName = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');

/**
 * `POST /users/user-exist/{x}` and `PUT /users/update-fully-privileged/{id}`: the server side of
 * the verification page. The upgrade trusts nothing from the client but the personal code: it
 * needs a recent successful verification of that code that this user started, and spends it.
 */
export const userIdentityRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Answers reveal whether a personal code has an account, so they are rationed per user.
  const existChecks = new RateLimiter(app.clock, 30, 10 * 60 * 1000);

  /** Another account already carries this verified personal code. */
  async function codeTakenByOther(identityCode: string, userId: number): Promise<boolean> {
    const [row] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.identityCode, identityCode), eq(users.verified, true), eq(users.type, 'B2C'), ne(users.id, userId)))
      .limit(1);
    return Boolean(row);
  }

  app.post(
    '/users/user-exist/:x',
    { schema: { params: UserExistParam, body: UserExistRequest } },
    async (request): Promise<boolean> => {
      const user = requireUser(request);
      if (!existChecks.take(`u:${user.id}`)) throw new ApiError(429, 'TOO_MANY_ATTEMPTS', messages.identity.outcome.tooManyAttempts);
      const code = request.body.identityCode.trim();
      if (!validateIsikukood(code)) throw invalidCode();
      return codeTakenByOther(code, user.id);
    },
  );

  app.put(
    '/users/update-fully-privileged/:id',
    { schema: { params: IdParam, body: UpdateFullyPrivilegedRequest } },
    async (request): Promise<SessionUser> => {
      const user = requireUser(request);
      if (request.params.id !== user.id) throw new ApiError(403, 'FORBIDDEN', r.notOwnAccount);
      const code = request.body.identityCode.trim();
      if (!validateIsikukood(code)) throw invalidCode();
      if (!user.roles.includes(NEED_ID)) throw new ApiError(409, 'ALREADY_VERIFIED', r.alreadyVerified);
      const now = app.clock.now();
      if (isUnderAge(code, now)) throw new ApiError(403, 'UNDER_AGE', messages.identity.outcome.underAge);
      const verification = await app.identity.store.findUsableForUser(user.id, code, now);
      if (!verification) throw new ApiError(403, 'IDENTITY_NOT_VERIFIED', r.notVerified);
      if (await codeTakenByOther(code, user.id)) throw new ApiError(409, 'IDENTITY_CODE_IN_USE', r.codeInUse);

      const name = cleanName(request.body.name) || user.name;
      const lastName = cleanName(request.body.lastName) || user.lastName;
      const birth = birthDateFromIsikukood(code);
      const birthday = birth ? `${birth.year}-${String(birth.month).padStart(2, '0')}-${String(birth.day).padStart(2, '0')}` : user.birthday;
      const roles = [...user.roles.filter((role) => role !== NEED_ID && role !== 'ROLE_USER'), 'ROLE_USER'];

      const updated = await app.db.transaction(async (tx) => {
        // Conditional on the role still being there, so two racing calls upgrade once.
        const [row] = await tx
          .update(users)
          .set({ roles, name, lastName, identityCode: code, birthday, verified: true, verifiedTs: now, updatedTs: now })
          .where(and(eq(users.id, user.id), sql`${NEED_ID} = any(${users.roles})`))
          .returning();
        if (!row) return undefined;
        await app.identity.store.spend(verification.id, tx);
        return row;
      });
      if (!updated) throw new ApiError(409, 'ALREADY_VERIFIED', r.alreadyVerified);
      return app.userRepository.toSessionUser(updated);
    },
  );
};
