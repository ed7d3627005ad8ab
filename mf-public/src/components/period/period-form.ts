import { messages } from 'shared-kernel/messages';
import { skippedTimeMessage } from 'shared-kernel/schemas';
import { tallinnDateOf } from 'shared-kernel/domain';
import { periodTexts } from '../../messages/period';

/**
 * A search's period as its inputs show it (issue 32), shared by the search page's 'Rendiaeg' and
 * the front page's hero: days from–to, or one day and an hour range. No date library: the values
 * are the URL's own Tallinn wall-clock strings. No zod either: the search page's filters render
 * with these on its first paint; the fields' schema (./period-schema) loads with the form's first check.
 */
export type PeriodMode = 'days' | 'hours';

export interface PeriodValues {
  mode: PeriodMode;
  fromDay: string;
  toDay: string;
  /** Hour mode: the day and times `HH:mm` ('' when not chosen). */
  hourDay: string;
  fromHour: string;
  toHour: string;
}

export const EMPTY_PERIOD: PeriodValues = { mode: 'days', fromDay: '', toDay: '', hourDay: '', fromHour: '', toHour: '' };

/**
 * Today's date in Tallinn, `YYYY-MM-DD` (the date inputs' earliest day). The kernel's, worked out
 * without Intl: the front page's hero and the search filters render it, and a page's first Intl
 * date format is a long task on a phone (issue 28).
 */
export function tallinnToday(now: Date = new Date()): string {
  return tallinnDateOf(now);
}

/** The Tallinn wall clock now, `YYYY-MM-DDTHH:mm` (an hour-mode period's form, so the two compare as strings). */
export function tallinnNow(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Tallinn',
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${tallinnToday(now)}T${part('hour')}:${part('minute')}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Whole hours an hour-mode search may start or end at. */
export const HOURS: readonly string[] = Array.from({ length: 24 }, (_, h) => `${pad(h)}:00`);

/**
 * The hour select's choices: the whole hours, plus the time a shared link gave when it is not
 * one (10:00–14:30), in its place, so the form shows the period the results are for rather than
 * '—' or a rounded time the search did not use.
 */
export function hourOptions(current: string): readonly string[] {
  if (current === '' || HOURS.includes(current)) return HOURS;
  return [...HOURS, current].sort();
}

/** The inputs' values for a period already read from a URL (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm` pairs, or ''). */
export function periodValuesOf(from: string, to: string): PeriodValues {
  if (from === '' || to === '') return EMPTY_PERIOD;
  if (from.includes('T') && to.includes('T'))
    return { ...EMPTY_PERIOD, mode: 'hours', hourDay: from.slice(0, 10), fromHour: from.slice(11), toHour: to.slice(11) };
  return { ...EMPTY_PERIOD, fromDay: from, toDay: to };
}

/** The period the inputs stand for; one not filled in completely is none ('' both). */
export function periodOf(v: PeriodValues): { from: string; to: string } {
  if (v.mode === 'days' && v.fromDay && v.toDay) return { from: v.fromDay, to: v.toDay };
  if (v.mode === 'hours' && v.hourDay && v.fromHour && v.toHour)
    return { from: `${v.hourDay}T${v.fromHour}`, to: `${v.hourDay}T${v.toHour}` };
  return { from: '', to: '' };
}

/**
 * A period is optional but whole (both days, or the day and both hours), not backwards ('Kohustuslik'
 * or 'Lõpp ei saa olla enne algust' by the field) and its hours on the clock that day (the kernel's
 * text, the API's too, for 03:00–03:59 of the spring DST night, which the hour list still offers).
 * Past and too far ahead are the API's to refuse.
 */
export function checkPeriod(v: PeriodValues, ctx: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void }): void {
  const required = (path: keyof PeriodValues) => ctx.addIssue({ code: 'custom', path: [path], message: messages.validation.required });
  const backwards = (path: keyof PeriodValues) => ctx.addIssue({ code: 'custom', path: [path], message: periodTexts.periodBackwards });
  if (v.mode === 'days' && (v.fromDay || v.toDay)) {
    if (!v.fromDay) required('fromDay');
    if (!v.toDay) required('toDay');
    if (v.fromDay && v.toDay && v.toDay < v.fromDay) backwards('toDay');
  }
  if (v.mode === 'hours' && (v.hourDay || v.fromHour || v.toHour)) {
    if (!v.hourDay) required('hourDay');
    if (!v.fromHour) required('fromHour');
    if (!v.toHour) required('toHour');
    for (const path of ['fromHour', 'toHour'] as const) {
      const skipped = v.hourDay && v[path] ? skippedTimeMessage(`${v.hourDay}T${v[path]}`) : undefined;
      if (skipped) ctx.addIssue({ code: 'custom', path: [path], message: skipped });
    }
    if (v.fromHour && v.toHour && v.toHour <= v.fromHour) backwards('toHour');
  }
}

/** The first day of the period as the inputs hold it ('' when none). */
export function firstDay(v: PeriodValues): string {
  return v.mode === 'days' ? v.fromDay : v.hourDay;
}
