/** Cents in the database, euros in JSON: converted here and nowhere else. */
export function centsToEuros(cents: number): number;
export function centsToEuros(cents: number | null | undefined): number | null;
export function centsToEuros(cents: number | null | undefined): number | null {
  if (cents === null || cents === undefined) return null;
  return Math.round(cents) / 100;
}

export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}
