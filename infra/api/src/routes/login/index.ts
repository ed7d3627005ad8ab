import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import { LoginRequest, SessionUser } from 'shared-kernel/schemas';
import { accountSuspended, ApiError } from '../../lib/api-error';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import { setSessionCookie } from '../../plugins/session';
import { responses } from '../../schemas/responses';

// The UI looks for this word in the message to show 'Too many failed logins, account locked for 1 hour'.
const lockedError = () => new ApiError(401, 'LOCKED', 'LockedException: too many failed logins, account locked for 1 hour');
const badCredentials = () => new ApiError(401, 'BAD_CREDENTIALS', messages.errors.login.invalidCredentials);

export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/login', { schema: { body: LoginRequest, response: responses({ 200: SessionUser }) } }, async (request, reply) => {
    const { username, password } = request.body;
    const users = app.userRepository;
    const user = await users.findByUsername(username);
    if (!user) {
      await verifyPassword(await dummyPasswordHash(), password);
      throw badCredentials();
    }
    const now = app.clock.now();
    if (user.lockedUntil && user.lockedUntil.getTime() > now.getTime()) throw lockedError();
    if (!(await verifyPassword(user.passwordHash, password))) {
      const lockedNow = await users.recordFailedLogin(user.id, now);
      throw lockedNow ? lockedError() : badCredentials();
    }
    if (user.suspended) throw accountSuspended();
    if (user.failedLogins > 0 || user.lockedUntil) await users.resetFailedLogins(user.id);
    if (request.sessionToken) await app.sessionRepository.destroy(request.sessionToken);
    const token = await app.sessionRepository.create(user.id, now, request.headers['user-agent']);
    setSessionCookie(reply, token, app.config.cookieSecure);
    return users.toSessionUser(user);
  });
};
