import { isoDateOfDayNumber, tallinnDayNumber, weekdayIndexOfDayNumber, type Instant } from './tallinn-time';

/** Spec 9: "payout processing takes at least three working days". */
export const PAYOUT_WORKING_DAYS = 3;

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus), 'YYYY-MM-DD'. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const dayNumberOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * Estonia's public holidays (riigipühad, Public Holidays and Days of National Importance Act §2)
 * of one year, 'YYYY-MM-DD', sorted: New Year, Independence Day, Good Friday, Easter Sunday,
 * Spring Day, Pentecost, Victory Day, Midsummer Day, Restoration of Independence, Christmas Eve,
 * Christmas Day, Boxing Day. Easter Sunday and Pentecost fall on Sundays; they are listed because
 * the law lists them.
 */
export function estonianPublicHolidays(year: number): string[] {
  const easter = dayNumberOf(easterSunday(year));
  const fixed = ['01-01', '02-24', '05-01', '06-23', '06-24', '08-20', '12-24', '12-25', '12-26'].map((md) => `${year}-${md}`);
  const moving = [easter - 2, easter, easter + 49].map(isoDateOfDayNumber);
  return [...fixed, ...moving].sort();
}

const holidayCache = new Map<number, Set<string>>();
function holidaysOf(year: number): Set<string> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(estonianPublicHolidays(year));
    holidayCache.set(year, set);
  }
  return set;
}

/** Whether a day number (days since 1970-01-01) is an Estonian working day: Monday to Friday and no public holiday. */
function isWorkingDayNumber(dayNumber: number): boolean {
  const weekday = weekdayIndexOfDayNumber(dayNumber);
  if (weekday === 0 || weekday === 6) return false;
  const iso = isoDateOfDayNumber(dayNumber);
  return !holidaysOf(Number(iso.slice(0, 4))).has(iso);
}

/** Whether a calendar date 'YYYY-MM-DD' is an Estonian working day. */
export function isEstonianWorkingDay(isoDate: string): boolean {
  return isWorkingDayNumber(dayNumberOf(isoDate));
}

/**
 * The Tallinn calendar date `workingDays` Estonian working days after the day of `instant`
 * ('YYYY-MM-DD'). The day of the request itself never counts, whatever its hour: a withdrawal on
 * Thursday 2 April 2026 (Good Friday the 3rd, then a weekend) is due on Wednesday 8 April.
 */
export function addEstonianWorkingDays(instant: Instant, workingDays: number): string {
  let day = tallinnDayNumber(instant);
  let left = workingDays;
  while (left > 0) {
    day += 1;
    if (isWorkingDayNumber(day)) left -= 1;
  }
  return isoDateOfDayNumber(day);
}

/** When a withdrawal requested at `instant` is expected in the bank account (spec 9). */
export function payoutExpectedDate(instant: Instant): string {
  return addEstonianWorkingDays(instant, PAYOUT_WORKING_DAYS);
}
