import crypto from 'node:crypto';
import type { IdentityMethod } from 'shared-kernel/schemas';
import type { Clock } from '../../lib/clock';
import type { SandboxSessionRecord, SandboxSessionStore } from '../../repositories/identity-sandbox-session-repository';
import { mobileIdControlCode, randomChallenge, smartIdControlCode } from './control-code';
import type { IdentityProvider, IdentitySessionState, IdentityStart, IdentityStartInput, IdentitySubject } from './provider';

/** Smart-ID demo environment: personal code -> endResult (../shared/design/estonia.md). */
export const SMART_ID_DEMO: Readonly<Record<string, string>> = {
  '40504040001': 'OK',
  '50001029996': 'OK',
  '39901012239': 'OK', // the person has another active account; still a plain OK to the relying party
  '61101012257': 'OK', // a minor: the provider says OK, the platform refuses by its terms
  '30403039917': 'USER_REFUSED',
  '30403039928': 'USER_REFUSED_INTERACTION',
  '30403039972': 'WRONG_VC',
  '30403039983': 'TIMEOUT',
};

/** Mobile-ID demo environment: "phone personalCode" -> result. */
export const MOBILE_ID_DEMO: Readonly<Record<string, string>> = {
  '+37200000766 60001019906': 'OK',
  '+37268000769 60001017869': 'OK',
  '+37200000366 60001019928': 'NOT_MID_CLIENT',
  '+37201100266 60001019950': 'USER_CANCELLED',
  '+37066000266 50001018908': 'TIMEOUT',
  '+37213100266 60001019983': 'PHONE_ABSENT',
  '+37207110066 60001019947': 'DELIVERY_ERROR',
  '+37201200266 60001019972': 'SIM_ERROR',
  '+37200000666 60001019961': 'SIGNATURE_HASH_MISMATCH',
};

export interface SandboxOptions {
  clock: Clock;
  /** How long a session stays RUNNING before its outcome, like a person reading the phone. */
  delayMs: number;
  /**
   * Where the running sessions live. The app passes the database (identity_sandbox_sessions), so
   * a verification started on one API replica polls on another; without one, this process's memory.
   */
  store?: SandboxSessionStore;
}

// Sessions the demo service forgets, like the real ones (Smart-ID keeps them for minutes).
const SESSION_TTL_MS = 10 * 60 * 1000;
const MAX_SESSIONS = 10_000;

/** One process's sessions: for a provider used without the app's database (unit tests). */
export class MemorySandboxSessionStore implements SandboxSessionStore {
  private readonly sessions = new Map<string, SandboxSessionRecord>();

  async put(id: string, session: SandboxSessionRecord): Promise<void> {
    this.sessions.set(id, session);
  }

  async get(id: string): Promise<SandboxSessionRecord | undefined> {
    return this.sessions.get(id);
  }

  async pruneBefore(beforeMs: number): Promise<void> {
    for (const [id, s] of this.sessions) {
      if (s.startedMs < beforeMs || this.sessions.size > MAX_SESSIONS) this.sessions.delete(id);
    }
  }
}

abstract class SandboxProvider implements IdentityProvider {
  abstract readonly method: IdentityMethod;
  private readonly store: SandboxSessionStore;

  constructor(protected readonly options: SandboxOptions) {
    this.store = options.store ?? new MemorySandboxSessionStore();
  }

  abstract start(input: IdentityStartInput): Promise<IdentityStart>;

  protected async open(result: string, personalCode: string): Promise<string> {
    const now = this.options.clock.now().getTime();
    await this.store.pruneBefore(now - SESSION_TTL_MS);
    const sessionId = crypto.randomUUID();
    await this.store.put(sessionId, { method: this.method, result, personalCode, startedMs: now });
    return sessionId;
  }

  async poll(sessionId: string): Promise<IdentitySessionState> {
    const session = await this.store.get(sessionId);
    // Another method's session id is not this provider's session (the real services are separate).
    if (!session || session.method !== this.method) return { kind: 'unknown' };
    const elapsed = this.options.clock.now().getTime() - session.startedMs;
    if (elapsed < this.options.delayMs) return { kind: 'running' };
    // The demo certificates carry the result as the given name and TESTNUMBER as the surname.
    const subject: IdentitySubject = { personalCode: session.personalCode, givenName: session.result, surname: 'TESTNUMBER' };
    return { kind: 'complete', result: session.result, subject: session.result === 'OK' ? subject : undefined };
  }
}

/**
 * Smart-ID demo: a random challenge, the verification code from its hash, then RUNNING for
 * `delayMs` and COMPLETE with the demo endResult. A code without a demo account is refused at
 * start (the real API answers 404 there).
 */
export class SandboxSmartId extends SandboxProvider {
  readonly method = 'smartid' as const;

  async start(input: IdentityStartInput): Promise<IdentityStart> {
    const result = SMART_ID_DEMO[input.personalCode];
    if (!result) return { kind: 'refused', result: 'ACCOUNT_NOT_FOUND' };
    const controlCode = smartIdControlCode(randomChallenge());
    return { kind: 'started', sessionId: await this.open(result, input.personalCode), controlCode };
  }
}

/**
 * Mobile-ID demo: the pair phone + personal code decides the result; an unknown pair ends as
 * NOT_MID_CLIENT, as the real service does for a number without a Mobile-ID contract.
 */
export class SandboxMobileId extends SandboxProvider {
  readonly method = 'mobile' as const;

  async start(input: IdentityStartInput): Promise<IdentityStart> {
    const result = MOBILE_ID_DEMO[`${input.phoneNumber ?? ''} ${input.personalCode}`] ?? 'NOT_MID_CLIENT';
    const hash = crypto.createHash('sha256').update(randomChallenge()).digest();
    return { kind: 'started', sessionId: await this.open(result, input.personalCode), controlCode: mobileIdControlCode(hash) };
  }
}

export function createSandboxProviders(options: SandboxOptions): { smartid: SandboxSmartId; mobile: SandboxMobileId } {
  return { smartid: new SandboxSmartId(options), mobile: new SandboxMobileId(options) };
}
