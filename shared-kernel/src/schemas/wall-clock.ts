import { format, messages } from 'shared-kernel/messages';
import { tallinnLocalExists } from '../time/tallinn-time';

const LOCAL_MINUTE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}:\d{2})/;

/**
 * The refusal of a Tallinn wall-clock time a person typed or picked that the clock skips that day
 * (the spring DST jump, 03:00 → 04:00): read on, it would silently become another hour or turn a
 * period backwards. Undefined for a time that exists, an hour the autumn change repeats included,
 * and for what is no time at all (the field's format check says so). One text for the forms and the
 * API: the search's hours, an owner's manual rent.
 */
export function skippedTimeMessage(local: string): string | undefined {
  let exists: boolean;
  try {
    exists = tallinnLocalExists(local);
  } catch {
    return undefined;
  }
  const m = LOCAL_MINUTE.exec(local.trim());
  if (exists || !m) return undefined;
  const [, year, month, day, time] = m;
  return format(messages.errors.time.skippedByClockChange, { time, date: `${day}.${month}.${year}` });
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * What kind of period end a search parameter is: a Tallinn date (`YYYY-MM-DD`, day mode), a Tallinn
 * wall-clock minute (`YYYY-MM-DDTHH:mm`, hour mode), or neither (a date that does not exist included).
 */
export function searchPeriodKind(value: string): 'day' | 'hour' | null {
  const m = DAY.exec(value) ?? HOUR.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (m[4] === undefined) return 'day';
  return Number(m[4]) <= 23 && Number(m[5]) <= 59 ? 'hour' : null;
}
