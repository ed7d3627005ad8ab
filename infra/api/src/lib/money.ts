/** Cents in the database, euros in JSON: converted here and nowhere else. */
export function centsToEuros(cents: number): number;
export function centsToEuros(cents: number | null | undefined): number | null;
export function centsToEuros(cents: number | null | undefined): number | null {
  if (cents === null || cents === undefined) return null;
  return Math.round(cents) / 100;
}

/** The exact cents of an amount the kernel's `Euros` schema accepted (throws on anything else, never rounds). */
export { eurosToCents } from 'shared-kernel/schemas';
