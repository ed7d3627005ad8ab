import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from 'shared-kernel/messages';
import { LoginRequest, SessionUser } from 'shared-kernel/schemas';
import { accountSuspended, ApiError } from '../../lib/api-error';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import { LOGIN_LIMITS, rateLimited } from '../../plugins/abuse-limits';
import { setSessionCookie } from '../../plugins/session';
import { responses } from '../../schemas/responses';

// The UI looks for this word in the message to show 'Liiga palju ebaõnnestunud sisselogimisi, konto on tunniks lukustatud'.
const lockedError = () => new ApiError(401, 'LOCKED', 'LockedException: too many failed logins, account locked for 1 hour');
const badCredentials = () => new ApiError(401, 'BAD_CREDENTIALS', messages.errors.login.invalidCredentials);

/** Counter keys of one sign-in attempt; a password reset clears the account's (loginKeysOfAccount). */
export function loginKeys(username: string, address: string) {
  const account = username.trim().toLowerCase();
  return {
    address: `login-fail:address:${address}`,
    accountAndAddress: `login-fail:account:${account}:address:${address}`,
    account: `login-fail:account:${account}`,
  };
}

export function loginKeysOfAccount(username: string) {
  const account = username.trim().toLowerCase();
  return { keys: [`login-fail:account:${account}`], prefixes: [`login-fail:account:${account}:address:`] };
}

/**
 * Wrong passwords are counted three ways (issue 15, issue 29). Per address: past 10 failures a wrong
 * password answers 429, but a right one still signs in (an office or a mobile operator puts many
 * people behind one address); past a ceiling of 100 nothing is checked any more. Per account and
 * address: the spec's lock (5 wrong, an hour), which binds the address that typed them, so a
 * stranger cannot lock the owner out. Per account from everywhere: a distributed guess locks the
 * account until its owner resets the password, which clears every count. The counts key on the
 * name typed, whether or not an account has it, so a real and an unknown e-mail get the same
 * answer on every attempt. A right password does not count.
 */
export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.rateLimitRepository;
  app.post(
    '/login',
    { config: { priority: true, pausesHeavy: true }, schema: { body: LoginRequest, response: responses({ 200: SessionUser }) } },
    async (request, reply) => {
      const { username, password } = request.body;
      const users = app.userRepository;
      const now = app.clock.now();
      const keys = loginKeys(username, request.ip);
      // The per-address limits are the abuse limits tests may switch off; the lock is the spec's and always on.
      const perAddress = app.config.rateLimits;
      const [byAddress, byPair, byAccount] = await Promise.all([
        limits.used(keys.address, LOGIN_LIMITS.attemptCeilingPerAddress, now),
        limits.used(keys.accountAndAddress, LOGIN_LIMITS.failuresPerAccountAndAddress, now),
        limits.used(keys.account, LOGIN_LIMITS.failuresPerAccount, now),
      ]);
      if (perAddress && byAddress >= LOGIN_LIMITS.attemptCeilingPerAddress.limit)
        throw rateLimited(Math.ceil(LOGIN_LIMITS.attemptCeilingPerAddress.windowMs / 1000), reply);
      if (byPair >= LOGIN_LIMITS.failuresPerAccountAndAddress.limit || byAccount >= LOGIN_LIMITS.failuresPerAccount.limit)
        throw lockedError();
      // Count the attempt before the slow password check, so parallel guesses cannot all pass the check above.
      const [address, pair, account] = await Promise.all([
        limits.take(keys.address, LOGIN_LIMITS.failuresPerAddress, now),
        limits.take(keys.accountAndAddress, LOGIN_LIMITS.failuresPerAccountAndAddress, now),
        limits.take(keys.account, LOGIN_LIMITS.failuresPerAccount, now),
      ]);
      const user = await users.findByUsername(username);
      const passwordOk = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyPassword(await dummyPasswordHash(), password).then(() => false);
      if (!user || !passwordOk) {
        // The fifth wrong password is the one that locks: say so now, as the spec's UI expects.
        if (pair.hits >= LOGIN_LIMITS.failuresPerAccountAndAddress.limit || !account.allowed) throw lockedError();
        if (perAddress && !address.allowed) throw rateLimited(address.retryAfterS, reply);
        throw badCredentials();
      }
      // The right password: this attempt was no failure.
      await Promise.all([limits.refund(keys.address), limits.refund(keys.account), limits.clear([keys.accountAndAddress])]);
      if (user.suspended) throw accountSuspended();
      if (user.failedLogins > 0 || user.lockedUntil) await users.resetFailedLogins(user.id);
      if (request.sessionToken) await app.sessionRepository.destroy(request.sessionToken);
      const token = await app.sessionRepository.create(user.id, now, request.headers['user-agent']);
      setSessionCookie(reply, token, app.config.cookieSecure);
      return users.toSessionUser(user);
    },
  );
};
