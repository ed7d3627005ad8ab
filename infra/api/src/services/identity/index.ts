import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ageFromIsikukood } from 'shared-kernel/time';
import { messages } from 'shared-kernel/messages';
import type { IdentityMethod, IdentityPollResponse, IdentityStartResponse } from 'shared-kernel/schemas';
import { ApiError } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import type { VerificationRepository, VerificationRow } from '../../repositories/verification-repository';
import { outcomeOf } from './outcomes';
import type { IdentityProviders } from './provider';
import { createSandboxProviders } from './sandbox-provider';

export type { IdentityProvider, IdentityProviders } from './provider';

/** The terms: users are 18 or older. */
export const MINIMUM_AGE = 18;
export const DEFAULT_SANDBOX_DELAY_MS = 5_000;

const o = messages.identity.outcome;

export function isUnderAge(personalCode: string, now: Date): boolean {
  const age = ageFromIsikukood(personalCode, now);
  return age === undefined || age < MINIMUM_AGE;
}

/** Starts and polls verifications and stores them (the start route's abuse limits: RATE_LIMITS.identityStart). */
export class IdentityService {
  constructor(
    private readonly store: VerificationRepository,
    private readonly providers: IdentityProviders,
    private readonly clock: Clock,
  ) {}

  async start(input: {
    method: IdentityMethod;
    personalCode: string;
    phoneNumber: string | null;
    userId: number | null;
  }): Promise<IdentityStartResponse> {
    const now = this.clock.now();
    const provider = this.providers[input.method];
    let started;
    try {
      started = await provider.start({ personalCode: input.personalCode, phoneNumber: input.phoneNumber ?? undefined });
    } catch {
      throw new ApiError(503, 'PROVIDER_UNAVAILABLE', o.providerUnavailable);
    }
    const base = { userId: input.userId, method: input.method, phoneNumber: input.phoneNumber, personalCode: input.personalCode, now };
    if (started.kind === 'refused') {
      const outcome = outcomeOf(started.result);
      await this.store.create({
        ...base,
        controlCode: '',
        providerSessionId: null,
        status: outcome.status,
        providerResult: started.result,
        message: outcome.message,
      });
      return { status: outcome.status, message: outcome.message, controlCode: null, token: null };
    }
    const row = await this.store.create({
      ...base,
      controlCode: started.controlCode,
      providerSessionId: started.sessionId,
      status: 'waiting',
      providerResult: null,
      message: o.started,
    });
    return { status: 'waiting', message: o.started, controlCode: started.controlCode, token: row.token };
  }

  /** The verification behind a poll token, if the caller may see it. */
  async findForPoll(token: string, method: IdentityMethod, userId: number | null): Promise<VerificationRow | undefined> {
    const row = await this.store.findByToken(token);
    if (!row || row.method !== method) return undefined;
    // A signed-in user's verification is theirs alone; anonymous ones (business sign-up) need only the token.
    if (row.userId !== null && row.userId !== userId) return undefined;
    return row;
  }

  async poll(row: VerificationRow): Promise<IdentityPollResponse> {
    if (row.status !== 'waiting') return { status: row.status, message: row.message ?? outcomeOf(row.providerResult ?? '').message };
    const state = row.providerSessionId
      ? await this.providers[row.method].poll(row.providerSessionId).catch(() => null)
      : ({ kind: 'unknown' } as const);
    if (state === null) return { status: 'waiting', message: o.waiting };
    if (state.kind === 'running') return { status: 'waiting', message: o.waiting };

    const now = this.clock.now();
    let result = state.kind === 'unknown' ? 'SESSION_NOT_FOUND' : state.result;
    if (state.kind === 'complete' && result === 'OK') {
      // Trust only the identity the provider certified, and the terms' age limit.
      if (state.subject && state.subject.personalCode !== row.personalCode) result = 'SUBJECT_MISMATCH';
      else if (isUnderAge(row.personalCode, now)) result = 'UNDER_AGE';
    }
    const outcome = outcomeOf(result);
    const stored = await this.store.complete(row.id, { status: outcome.status, providerResult: result, message: outcome.message }, now);
    return { status: stored.status, message: stored.message ?? outcome.message };
  }
}

export interface IdentityPluginOptions {
  providers?: IdentityProviders;
  sandboxDelayMs?: number;
}

const identityPlugin: FastifyPluginAsync<IdentityPluginOptions> = async (app, options) => {
  // The sandbox's sessions live in the database, so any replica answers the poll of a start.
  const providers =
    options.providers ??
    createSandboxProviders({
      clock: app.clock,
      delayMs: options.sandboxDelayMs ?? DEFAULT_SANDBOX_DELAY_MS,
      store: app.identitySandboxSessionRepository,
    });
  app.decorate('identity', new IdentityService(app.verificationRepository, providers, app.clock));
};

export const identityServices = fp(identityPlugin, {
  name: 'identity-services',
  dependencies: ['verification-repository', 'identity-sandbox-session-repository'],
});
