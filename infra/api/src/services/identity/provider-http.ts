import type { IdentityMethod } from 'shared-kernel/schemas';
import type { Clock } from '../../lib/clock';
import type { IdentityProvider, IdentitySessionState, IdentityStart, IdentityStartInput } from './provider';

/** A provider answered with an HTTP status the client has no meaning for (start fails with 503). */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
  ) {
    super(`Identity provider answered ${status} to ${path}`);
  }
}

/** JSON over HTTP to a provider's REST API, with a deadline; the answer's status is the caller's to judge. */
export async function providerJson(
  baseUrl: string,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; timeoutMs: number },
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl.replace(/\/$/, '')}${path}`, {
    method: init.method,
    headers:
      init.body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json; charset=UTF-8' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

/** What both SK REST APIs (Smart-ID RP v3, Mobile-ID) need to start and poll a session. */
export interface RelyingPartySettings {
  url: string;
  relyingPartyUUID: string;
  relyingPartyName: string;
  /** Long-poll of one status request. */
  pollTimeoutMs: number;
  requestTimeoutMs: number;
}

/**
 * What both SK clients are: a relying party of one method with its settings, and a clock for the
 * certificate's validity. Each starts and polls through startSession and pollSession below.
 */
export abstract class RelyingPartyClient<S extends RelyingPartySettings> implements IdentityProvider {
  abstract readonly method: IdentityMethod;

  constructor(
    protected readonly settings: S,
    protected readonly clock: Clock,
  ) {}

  abstract start(input: IdentityStartInput): Promise<IdentityStart>;
  abstract poll(handle: string): Promise<IdentitySessionState>;
}

/**
 * Starts an authentication: POST `path` with the relying party's identity and the method's own
 * fields. The platform keeps what poll needs (the provider's session id, the secret the signature
 * covers, the person) as its stored provider session id, never shown to the browser.
 */
export async function startSession(
  rp: RelyingPartySettings,
  start: {
    path: string;
    fields: Record<string, unknown>;
    secret: string;
    personalCode: string;
    controlCode: string;
    noAccountStatuses?: readonly number[];
  },
): Promise<IdentityStart> {
  const { status, body } = await providerJson(rp.url, start.path, {
    method: 'POST',
    timeoutMs: rp.requestTimeoutMs,
    body: { relyingPartyUUID: rp.relyingPartyUUID, relyingPartyName: rp.relyingPartyName, ...start.fields },
  });
  if (start.noAccountStatuses?.includes(status)) return { kind: 'refused', result: 'ACCOUNT_NOT_FOUND' };
  const sessionId = asString(asRecord(body).sessionID);
  if (status !== 200 || !sessionId) throw new ProviderHttpError(status, start.path);
  return { kind: 'started', sessionId: [sessionId, start.secret, start.personalCode].join('|'), controlCode: start.controlCode };
}

/** A session the provider has ended, with what start kept for the relying party's checks. */
export interface EndedSession {
  kind: 'ended';
  session: Record<string, unknown>;
  secret: string;
  personalCode: string;
}

/**
 * Long-polls the session of a handle from startSession at `sessionPath(id)` (the provider holds the
 * answer up to pollTimeoutMs): unknown when the handle or the provider does not know it (404),
 * running while it runs, otherwise the ended session for the method's own reading.
 */
export async function pollSession(
  rp: RelyingPartySettings,
  handle: string,
  sessionPath: (id: string) => string,
): Promise<IdentitySessionState | EndedSession> {
  const [sessionId, secret, personalCode] = handle.split('|');
  if (!sessionId || !secret || !personalCode) return { kind: 'unknown' };
  const path = `${sessionPath(encodeURIComponent(sessionId))}?timeoutMs=${rp.pollTimeoutMs}`;
  const { status, body } = await providerJson(rp.url, path, { method: 'GET', timeoutMs: rp.pollTimeoutMs + rp.requestTimeoutMs });
  if (status === 404) return { kind: 'unknown' };
  if (status !== 200) throw new ProviderHttpError(status, path);
  const session = asRecord(body);
  if (session.state === 'RUNNING') return { kind: 'running' };
  return { kind: 'ended', session, secret, personalCode };
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
