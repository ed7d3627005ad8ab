const WEIGHTS_FIRST = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1];
const WEIGHTS_SECOND = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3];

function weightedMod11(digits: number[], weights: number[]): number {
  return weights.reduce((sum, weight, i) => sum + weight * digits[i], 0) % 11;
}

export function isikukoodCheckDigit(firstTen: string): number {
  const digits = [...firstTen].map(Number);
  const first = weightedMod11(digits, WEIGHTS_FIRST);
  if (first !== 10) return first;
  const second = weightedMod11(digits, WEIGHTS_SECOND);
  return second === 10 ? 0 : second;
}

export interface BirthDate {
  year: number;
  month: number;
  day: number;
}

/** Century from the first digit: 1/2 = 1800s, 3/4 = 1900s, 5/6 = 2000s, 7/8 = 2100s. */
function centuryOf(genderDigit: number): number | undefined {
  if (genderDigit < 1 || genderDigit > 8) return undefined;
  return 1800 + Math.floor((genderDigit - 1) / 2) * 100;
}

function isRealDate({ year, month, day }: BirthDate): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC avoids local DST quirks.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** The birth date encoded in a code, or undefined when the code is not a valid isikukood. */
export function birthDateFromIsikukood(code: string): BirthDate | undefined {
  return validateIsikukood(code) ? parseBirthDate(code.trim()) : undefined;
}

function parseBirthDate(code: string): BirthDate | undefined {
  const century = centuryOf(Number(code[0]));
  if (century === undefined) return undefined;
  const date = { year: century + Number(code.slice(1, 3)), month: Number(code.slice(3, 5)), day: Number(code.slice(5, 7)) };
  return isRealDate(date) ? date : undefined;
}

/** Estonian personal code: 11 digits, valid century digit, real calendar date and check digit. */
export function validateIsikukood(code: string): boolean {
  const value = code.trim();
  if (!/^\d{11}$/.test(value)) return false;
  if (parseBirthDate(value) === undefined) return false;
  return isikukoodCheckDigit(value.slice(0, 10)) === Number(value[10]);
}
