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
