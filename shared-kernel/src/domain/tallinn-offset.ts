const HOUR_MS = 3_600_000;

/** 01:00 UTC of the last Sunday of a month (0-based): when EU summer time starts (March) or ends (October). */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** The years the rule below is held equal to the tz database by tests (money and tallinn-time). */
export const TALLINN_RULE_YEARS = { from: 2002, to: 2045 } as const;

/**
 * Tallinn's offset from UTC at an instant in milliseconds, worked out without Intl: UTC+2, and
 * UTC+3 in EU summer time, the tz database's rule for Europe/Tallinn since 2002. A page's first
 * Intl date format costs about 20 ms of ICU data (80 ms under a phone's 4x slower CPU; issue 28),
 * so the everyday dates use this. `undefined` outside the tested years or for a non-finite
 * instant: the caller then asks Intl.
 */
export function tallinnOffsetByRule(ms: number): number | undefined {
  // NaN too (an instant past ±8.64e15 ms is no date): Intl then refuses it as it always did.
  const year = Number.isFinite(ms) ? new Date(ms).getUTCFullYear() : Number.NaN;
  if (!(year >= TALLINN_RULE_YEARS.from && year <= TALLINN_RULE_YEARS.to)) return undefined;
  const summer = ms >= lastSundayAtOneUtc(year, 2) && ms < lastSundayAtOneUtc(year, 9);
  return (summer ? 3 : 2) * HOUR_MS;
}
