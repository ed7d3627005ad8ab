import { format, messages } from 'shared-kernel/messages';
/** Normalises user input: spaces removed, letters upper-cased. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * Length of an IBAN by its country code, from SWIFT's IBAN registry (ISO 13616). A country that is
 * not here has no IBAN, so its codes are refused. French, British and Finnish territories use
 * FR, GB and FI.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HN: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

function mod97(numeric: string): number {
  // Chunked so the intermediate never exceeds Number's exact integer range.
  let remainder = 0;
  for (let i = 0; i < numeric.length; i += 7) {
    remainder = Number(String(remainder) + numeric.slice(i, i + 7)) % 97;
  }
  return remainder;
}

/** ISO 13616 check: country + check digits moved to the end, letters as 10..35, mod 97 === 1. */
export function isValidIbanChecksum(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const numeric = [...rearranged].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
  return mod97(numeric) === 1;
}

/**
 * What is wrong with an IBAN, or null when it is valid: `format` (not two letters, two digits and
 * letters or digits), `country` (no IBAN country), `length` (not the country's length),
 * `checksum` (the mod-97 check fails).
 */
export type IbanProblem = 'format' | 'country' | 'length' | 'checksum';

export function ibanProblem(value: string): IbanProblem | null {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return 'format';
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return 'country';
  if (iban.length !== length) return 'length';
  return isValidIbanChecksum(iban) ? null : 'checksum';
}

/** Any country's IBAN: the registry's length for its country and a valid mod-97 check. */
export function validateIban(value: string): boolean {
  return ibanProblem(value) === null;
}

/**
 * Any country's valid IBAN passes (owners abroad get paid too). An Estonian one, or one without a
 * country code, gets the spec's text; another country's the part that is wrong.
 */
export function validateIbanField(value: string | null | undefined): string | undefined {
  const iban = normalizeIban(value ?? '');
  if (iban === '') return undefined;
  const problem = ibanProblem(iban);
  if (problem === null) return undefined;
  const country = iban.slice(0, 2);
  if (problem === 'format' || country === 'EE') return messages.validation.invalidIban;
  if (problem === 'country') return format(messages.validation.ibanUnknownCountry, { country });
  if (problem === 'length') return format(messages.validation.ibanLength, { country, length: IBAN_LENGTHS[country] });
  return messages.validation.ibanChecksum;
}
