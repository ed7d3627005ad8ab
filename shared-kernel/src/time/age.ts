import { birthDateFromIsikukood } from '../domain/isikukood';
import { tallinnDateParts, toEpoch, type Instant } from './tallinn-time';

/** Age in whole years on `today` (by the calendar in Tallinn), or undefined for an invalid code. */
export function ageFromIsikukood(code: string, today: Instant = new Date()): number | undefined {
  const birth = birthDateFromIsikukood(code);
  if (!birth) return undefined;
  const now = tallinnDateParts(toEpoch(today));
  const hadBirthday = now.month > birth.month || (now.month === birth.month && now.day >= birth.day);
  return now.year - birth.year - (hadBirthday ? 0 : 1);
}
