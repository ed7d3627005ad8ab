import type { FastifyInstance } from 'fastify';
import { messages } from 'shared-kernel/messages';
import { ApiError } from '../../lib/api-error';

const refused = () => new ApiError(403, 'IDENTITY_NOT_VERIFIED', messages.identity.refusal.representativeNotVerified);

/**
 * Business sign-up: `identityToken` must be the token of a completed, successful, recent and
 * unspent anonymous verification of the representative's personal code (`identityCode`).
 */
export async function assertRepresentativeVerified(app: FastifyInstance, token: string | undefined, personalCode: string): Promise<void> {
  if (!token || !(await app.verificationRepository.isUsableAnonymous(token, personalCode.trim(), app.clock.now()))) throw refused();
}

/** Spends the token; the returned verification id is linked to the new account afterwards. */
export async function spendRepresentativeVerification(
  app: FastifyInstance,
  token: string | undefined,
  personalCode: string | null | undefined,
): Promise<number> {
  if (!token || !personalCode) throw refused();
  const id = await app.verificationRepository.spendAnonymous(token, personalCode.trim(), app.clock.now());
  if (id === null) throw refused();
  return id;
}
