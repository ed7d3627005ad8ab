import fs from 'node:fs';
import type { Clock } from '../../lib/clock';
import { parsePemBundle } from './certificate-check';
import { MobileIdClient, type MobileIdSettings } from './mobile-id-client';
import type { IdentityProviders } from './provider';
import { SmartIdClient, SMART_ID_QUALIFIED_POLICIES, type SmartIdSettings } from './smart-id-client';

/** The real identity clients' settings (config.identity); both or neither, the start check enforces it. */
export interface IdentitySettings {
  smartId: SmartIdSettings;
  mobileId: MobileIdSettings;
}

/** The identity block of the environment (env.ts), raw. */
export interface IdentityEnv {
  SMART_ID_URL?: string;
  SMART_ID_RP_UUID?: string;
  SMART_ID_RP_NAME?: string;
  SMART_ID_TRUST_ANCHORS?: string;
  SMART_ID_SCHEME_NAME: string;
  SMART_ID_CERT_POLICIES?: string[];
  SMART_ID_POLL_TIMEOUT_MS: number;
  MOBILE_ID_URL?: string;
  MOBILE_ID_RP_UUID?: string;
  MOBILE_ID_RP_NAME?: string;
  MOBILE_ID_TRUST_ANCHORS?: string;
  MOBILE_ID_CERT_POLICIES?: string[];
  MOBILE_ID_POLL_TIMEOUT_MS: number;
  IDENTITY_REQUEST_TIMEOUT_MS: number;
}

const REQUIRED = {
  'Smart-ID': ['SMART_ID_URL', 'SMART_ID_RP_UUID', 'SMART_ID_RP_NAME', 'SMART_ID_TRUST_ANCHORS'],
  'Mobile-ID': ['MOBILE_ID_URL', 'MOBILE_ID_RP_UUID', 'MOBILE_ID_RP_NAME', 'MOBILE_ID_TRUST_ANCHORS'],
} as const satisfies Record<string, readonly (keyof IdentityEnv)[]>;

/**
 * Trust anchors from the environment: PEM text (one or more certificates; `\n` escapes allowed, as
 * a Kubernetes Secret may carry them) or a comma-separated list of PEM file paths.
 */
export function readTrustAnchors(name: string, value: string): ReturnType<typeof parsePemBundle> {
  try {
    const text = value.includes('-----BEGIN')
      ? value.replace(/\\n/g, '\n')
      : value
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)
          .map((p) => fs.readFileSync(p, 'utf8'))
          .join('\n');
    const anchors = parsePemBundle(text);
    return anchors;
  } catch (error) {
    throw new Error(`${name} cannot be read: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Why the identity settings cannot serve, empty when they can. A provider with some settings but
 * not all is refused in every mode (it would silently fall back to the sandbox or fail per user);
 * with `required` (production) an unset provider is refused too.
 */
export function identityStartReasons(env: IdentityEnv, required: boolean): string[] {
  const reasons: string[] = [];
  for (const [provider, names] of Object.entries(REQUIRED)) {
    const missing = names.filter((n) => !env[n]);
    if (missing.length === names.length && !required) continue;
    for (const name of missing)
      reasons.push(
        `${name} is not set (${provider} relying party; ${missing.length < names.length ? 'the provider is half configured' : 'production verifies identities with the real service'})`,
      );
    // Inline PEM is checked here; files (a mounted volume) are read, and their errors named, at start.
    const anchors = names[3];
    const value = env[anchors];
    if (value?.includes('-----BEGIN') && readTrustAnchors(anchors, value).length === 0) reasons.push(`${anchors} holds no PEM certificate`);
  }
  return reasons;
}

/** The clients' settings when both providers are fully configured, otherwise undefined (sandbox or refusal). */
export function identitySettingsFromEnv(env: IdentityEnv): IdentitySettings | undefined {
  const all = [...REQUIRED['Smart-ID'], ...REQUIRED['Mobile-ID']];
  if (!all.every((n) => env[n])) return undefined;
  const requestTimeoutMs = env.IDENTITY_REQUEST_TIMEOUT_MS;
  return {
    smartId: {
      url: env.SMART_ID_URL!,
      relyingPartyUUID: env.SMART_ID_RP_UUID!,
      relyingPartyName: env.SMART_ID_RP_NAME!,
      trustAnchors: nonEmpty('SMART_ID_TRUST_ANCHORS', readTrustAnchors('SMART_ID_TRUST_ANCHORS', env.SMART_ID_TRUST_ANCHORS!)),
      schemeName: env.SMART_ID_SCHEME_NAME,
      requiredPolicies: env.SMART_ID_CERT_POLICIES ?? [...SMART_ID_QUALIFIED_POLICIES],
      pollTimeoutMs: env.SMART_ID_POLL_TIMEOUT_MS,
      requestTimeoutMs,
    },
    mobileId: {
      url: env.MOBILE_ID_URL!,
      relyingPartyUUID: env.MOBILE_ID_RP_UUID!,
      relyingPartyName: env.MOBILE_ID_RP_NAME!,
      trustAnchors: nonEmpty('MOBILE_ID_TRUST_ANCHORS', readTrustAnchors('MOBILE_ID_TRUST_ANCHORS', env.MOBILE_ID_TRUST_ANCHORS!)),
      requiredPolicies: env.MOBILE_ID_CERT_POLICIES ?? [],
      pollTimeoutMs: env.MOBILE_ID_POLL_TIMEOUT_MS,
      requestTimeoutMs,
    },
  };
}

function nonEmpty<T>(name: string, anchors: T[]): T[] {
  if (anchors.length === 0) throw new Error(`${name} holds no PEM certificate`);
  return anchors;
}

export function createIdentityClients(settings: IdentitySettings, clock: Clock): IdentityProviders {
  return { smartid: new SmartIdClient(settings.smartId, clock), mobile: new MobileIdClient(settings.mobileId, clock) };
}
