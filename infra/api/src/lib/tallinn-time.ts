import { DateTime } from 'luxon';
import { LOCALE } from 'shared-kernel/domain';

/** `dd.MM.yyyy HH:mm` on the Tallinn wall clock, for texts people read (mails, notifications). */
export function formatTallinn(instant: Date | number): string {
  const ms = instant instanceof Date ? instant.getTime() : instant;
  return DateTime.fromMillis(ms, { zone: LOCALE.timeZone }).toFormat('dd.MM.yyyy HH:mm');
}
