import type { RegisterRequest } from 'shared-kernel/schemas';

/** Private users start with the spec's placeholders until they verify identity (spec section 3). */
export function privatePayload(v: { email: string; password: string }, now: Date = new Date()): RegisterRequest {
  const email = v.email.trim();
  return {
    username: email,
    password: v.password,
    name: 'Uus',
    lastName: 'Kasutaja',
    identityCode: 'Kinnitamata',
    countryCode: 'EE',
    type: 'B2C',
    birthday: now.toISOString(),
    contactInfos: [{ type: 'EMAIL', value: email, prime: false }],
  };
}

export interface BusinessValues {
  name: string;
  registryCode: string;
  representativeName: string;
  idCode: string;
  email: string;
  password: string;
  allowVat: boolean;
}

export function businessPayload(v: BusinessValues, identityToken: string, now: Date = new Date()): RegisterRequest {
  const email = v.email.trim();
  return {
    username: email,
    password: v.password,
    name: v.name.trim(),
    registryCode: v.registryCode.trim(),
    representativeName: v.representativeName.trim(),
    identityCode: v.idCode.trim(),
    countryCode: 'EE',
    type: 'B2B',
    allowVat: v.allowVat,
    birthday: now.toISOString(),
    contactInfos: [{ type: 'EMAIL', value: email, prime: false }],
    identityToken,
  };
}

/** Analytics: the tag manager's queue, created if the page has none yet. */
export function pushUserRegistered(type: 'B2B' | 'B2C'): void {
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ event: 'user registered', customerType: type });
}
