/** Normalises user input: spaces removed, letters upper-cased. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

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

/** Estonian IBAN: `EE` + 2 check digits + 16 digits (20 characters), mod-97 valid. */
export function validateEstonianIban(value: string): boolean {
  const iban = normalizeIban(value);
  return /^EE\d{18}$/.test(iban) && isValidIbanChecksum(iban);
}
