import type { Weekday } from '../domain/weekdays';

/**
 * A product's daily hours and rent days as plain arithmetic, read the same way by the API's
 * availability engine and by the booking pages (no dates here, so no luxon either).
 */

const MINUTES_PER_DAY = 24 * 60;

/** Minutes after midnight of `HH:mm` ('24:00' is 1440, the day's end); undefined when it is not one. */
export function minutesOf(hhmm: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!match) return undefined;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (h > 24 || m > 59 || (h === 24 && m > 0)) return undefined;
  return h * 60 + m;
}

/** `HH:mm` of minutes after midnight (1440 is '24:00'). */
export function hhmmOf(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The product's daily window in minutes; a missing, malformed or inverted window means the whole day. */
export function dailyWindow(product: { startTs: string; endTs: string }): { open: number; close: number } {
  const open = minutesOf(product.startTs);
  const close = minutesOf(product.endTs);
  if (open === undefined || close === undefined || close <= open) return { open: 0, close: MINUTES_PER_DAY };
  return { open, close };
}

/** Whether the product rents on the weekday; no rent days means every day (shown as 'E-P'). */
export function rentsOnWeekday(rentDays: readonly string[], weekday: Weekday): boolean {
  return rentDays.length === 0 || rentDays.includes(weekday);
}
