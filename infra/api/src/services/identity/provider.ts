import type { IdentityMethod } from 'shared-kernel/schemas';

export interface IdentityStartInput {
  personalCode: string;
  /** Mobile-ID only, normalised (+372...). */
  phoneNumber?: string;
}

export type IdentityStart =
  /** The person now sees `controlCode` in the app and confirms. */
  | { kind: 'started'; sessionId: string; controlCode: string }
  /** The provider refused to start (e.g. Smart-ID account not found); `result` is its code. */
  | { kind: 'refused'; result: string };

export interface IdentitySubject {
  personalCode: string;
  givenName: string;
  surname: string;
}

export type IdentitySessionState =
  | { kind: 'running' }
  /** `result` is the provider's end result: OK, USER_REFUSED, NOT_MID_CLIENT, ... */
  | { kind: 'complete'; result: string; subject?: IdentitySubject }
  /** The provider does not know the session (expired, or the provider restarted). */
  | { kind: 'unknown' };

/**
 * One identity provider (Smart-ID or Mobile-ID relying-party client). The sandbox implements it
 * with the demo environment's outcomes; production swaps in a client of the real service, so the
 * routes and the stored verifications do not change.
 */
export interface IdentityProvider {
  readonly method: IdentityMethod;
  start(input: IdentityStartInput): Promise<IdentityStart>;
  poll(sessionId: string): Promise<IdentitySessionState>;
}

export type IdentityProviders = Record<IdentityMethod, IdentityProvider>;
