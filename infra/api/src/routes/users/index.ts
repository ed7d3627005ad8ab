import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages/server';
import {
  BusinessValidateRequest,
  BusinessValidateResponse,
  isStrongPassword,
  isValidEmail,
  OkResponse,
  RegisterRequest,
  SessionResponse,
  SessionUser,
  UserSettingsUpdate,
  IdParam,
  type NewContactInfo,
} from 'shared-kernel/schemas';
import { ApiError, validationError } from '../../lib/api-error';
import { hashPassword } from '../../lib/password';
import { RATE_LIMITS } from '../../plugins/abuse-limits';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/session';
import type { NewUser } from '../../repositories/user-repository';
import { responses } from '../../schemas/responses';
import { notifyUser } from '../../services/live/notify-user';
import { assertRepresentativeVerified, spendRepresentativeVerification } from './representative-verification';

export const PASSWORD_RULE_MESSAGE = messages.validation.passwordRule;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

function parseBirthday(value: string | undefined): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // Anonymous visitors get 200 with null: asking whether someone is signed in is not an error.
  app.get('/users/session', { config: { priority: true }, schema: { response: responses({ 200: SessionResponse }) } }, async (request) => {
    return request.user ? app.userRepository.toSessionUser(request.user) : null;
  });

  app.post(
    '/users/logout',
    { config: { priority: true }, schema: { response: responses({ 200: OkResponse }) } },
    async (request, reply) => {
      if (request.sessionToken) await app.sessionRepository.destroy(request.sessionToken);
      clearSessionCookie(reply, app.config.cookieSecure);
      return { ok: true as const };
    },
  );

  app.post(
    '/users/business/validate',
    { schema: { body: BusinessValidateRequest, response: responses({ 200: BusinessValidateResponse }) } },
    async (request) => {
      return app.businessRegister.validate(request.body);
    },
  );

  app.post(
    '/users/register',
    { config: { rateLimit: RATE_LIMITS.register }, schema: { body: RegisterRequest, response: responses({ 200: SessionUser }) } },
    async (request, reply) => {
      const body = request.body;
      const username = body.username.trim();
      if (username.length < 3) throw new ApiError(400, 'INVALID_USERNAME', messages.errors.registration.invalidUsername);
      if (!isValidEmail(username)) throw new ApiError(400, 'INVALID_USERNAME', messages.errors.api.usernameNotEmail);
      if (!isStrongPassword(body.password)) throw new ApiError(400, 'INVALID_PASSWORD', PASSWORD_RULE_MESSAGE);
      for (const c of body.contactInfos) {
        if (c.type === 'EMAIL' && !isValidEmail(c.value)) throw validationError(`contactInfos: ${messages.validation.invalidEmailAddress}`);
      }

      let user: NewUser;
      const now = app.clock.now();
      if (body.type === 'B2B') {
        const { name, registryCode, identityCode, representativeName } = body;
        if (!name || !registryCode || !identityCode || !representativeName) {
          throw validationError(messages.errors.request.businessFieldsMissing);
        }
        const check = await app.businessRegister.validate({
          name,
          registryCode,
          personName: representativeName,
          personalCode: identityCode,
        });
        if (!check.valid) throw new ApiError(400, 'INVALID_BUSINESS', check.message);
        // The representative's identity check must be proven here, not trusted from the form.
        await assertRepresentativeVerified(app, body.identityToken, identityCode);
        user = {
          username,
          passwordHash: '',
          type: 'B2B',
          name,
          lastName: null,
          identityCode,
          registryCode,
          representativeName,
          countryCode: body.countryCode,
          birthday: parseBirthday(body.birthday),
          allowVat: body.allowVat,
          roles: ['ROLE_USER'],
          verified: false,
          createdTs: now,
          updatedTs: now,
        };
      } else {
        // The spec's placeholders until the private user verifies identity.
        user = {
          username,
          passwordHash: '',
          type: 'B2C',
          name: 'Uus',
          lastName: 'Kasutaja',
          identityCode: 'Kinnitamata',
          countryCode: body.countryCode,
          birthday: parseBirthday(body.birthday),
          allowVat: false,
          roles: ['ROLE_USER_B2C_NEED_ID'],
          verified: false,
          createdTs: now,
          updatedTs: now,
        };
      }

      const contacts: NewContactInfo[] = body.contactInfos.map((c) => ({ ...c, value: c.value.trim() }));
      if (!contacts.some((c) => c.type === 'EMAIL')) contacts.push({ type: 'EMAIL', value: username, prime: false });

      const users = app.userRepository;
      if (await users.findByUsername(username)) throw new ApiError(409, 'USER_EXIST', messages.errors.registration.usernameTaken);
      for (const c of contacts) {
        if (c.type === 'EMAIL' && (await users.emailInUse(c.value)))
          throw new ApiError(409, 'EMAIL_ALREADY_IN_USE', messages.errors.registration.emailInUse);
      }

      user.passwordHash = await hashPassword(body.password);
      // Spent before the account exists so that one verification registers one business.
      const spentVerification =
        body.type === 'B2B' ? await spendRepresentativeVerification(app, body.identityToken, user.identityCode) : null;
      let created;
      try {
        created = await users.create(user, contacts);
      } catch (error) {
        // Two registrations racing for one name: the unique index decides.
        if (isUniqueViolation(error)) throw new ApiError(409, 'USER_EXIST', messages.errors.registration.usernameTaken);
        throw error;
      }
      if (spentVerification !== null) await app.verificationRepository.attachUser(spentVerification, created.id);
      await notifyUser(app, { userId: created.id, type: 'CUSTOMER_REGISTRATION', message: messages.notifications.welcome });
      const token = await app.sessionRepository.create(created.id, now, request.headers['user-agent']);
      setSessionCookie(reply, token, app.config.cookieSecure);
      return users.toSessionUser(created);
    },
  );

  /**
   * The profile's own settings: mail consent, the IBAN for payouts, and for a business the VAT
   * liability. Only one's own id; an empty account number clears it.
   */
  app.put(
    '/users/:id/update',
    { schema: { params: IdParam, body: UserSettingsUpdate, response: responses({ 200: SessionUser }) } },
    async (request) => {
      const user = requireUser(request);
      if (request.params.id !== user.id) throw new ApiError(403, 'FORBIDDEN', messages.errors.account.notOwnProfile);
      const body = request.body;
      if (body.allowVat !== undefined && user.type !== 'B2B') throw validationError(messages.errors.account.vatOnlyForBusiness);
      const updated = await app.userRepository.updateSettings(
        user.id,
        {
          ...(body.allowEmail === undefined ? {} : { allowEmail: body.allowEmail }),
          ...(body.allowVat === undefined ? {} : { allowVat: body.allowVat }),
          ...(body.accountNr === undefined ? {} : { accountNr: body.accountNr === null || body.accountNr === '' ? null : body.accountNr }),
        },
        app.clock.now(),
      );
      if (!updated) throw new ApiError(404, 'NOT_FOUND', 'User not found');
      return app.userRepository.toSessionUser(updated);
    },
  );
};
