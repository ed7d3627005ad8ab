import { format } from 'shared-kernel/messages';
import { tallinnDayNumber, weekdayIndexOfDayNumber, type BookingCalendarProduct } from 'shared-kernel/time';
import { bookingTexts } from '../../messages/et';
import { addDays, dayState, type DayState } from './pick-model';

const t = bookingTexts.panel.calendar;

export interface YearMonth {
  year: number;
  /** 1–12. */
  month: number;
}

export function yearMonthOf(day: string): YearMonth {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

export function shiftMonth({ year, month }: YearMonth, by: number): YearMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function monthTitle({ year, month }: YearMonth): string {
  return format(t.monthTitle, { month: t.months[month - 1], year });
}

export interface CalendarCell {
  day: string;
  dayOfMonth: number;
  state: DayState;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The month as weeks of seven cells, Monday first; null pads the days of the neighbouring months.
 */
export function monthWeeks(ym: YearMonth, product: BookingCalendarProduct, today: string): (CalendarCell | null)[][] {
  const first = `${ym.year}-${pad(ym.month)}-01`;
  const lead = mondayIndex(first);
  const length = new Date(Date.UTC(ym.year, ym.month, 0)).getUTCDate();
  const cells: (CalendarCell | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= length; d++) {
    const day = `${ym.year}-${pad(ym.month)}-${pad(d)}`;
    cells.push({ day, dayOfMonth: d, state: dayState(day, product, today) });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarCell | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** What a calendar says of a day's state; the go-kart track says 'suletud' of a day it is closed. */
export type DayStateTexts = Record<DayState, string>;

/** '12. detsember 2026, vaba': what a screen reader says of a day. */
export function dayLabel(day: string, state: DayState, states: DayStateTexts = t.states): string {
  const { year, month } = yearMonthOf(day);
  return format(t.dayLabel, { day: Number(day.slice(8, 10)), month: t.months[month - 1], year, state: states[state] });
}

/** The same day of the month `by` months later, or that month's last day when it is shorter. */
export function shiftDayByMonths(day: string, by: number): string {
  const { year, month } = shiftMonth(yearMonthOf(day), by);
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(Number(day.slice(8, 10)), length))}`;
}

/** 0 for Monday to 6 for Sunday: the calendar's weeks start on Monday. */
function mondayIndex(day: string): number {
  return (weekdayIndexOfDayNumber(tallinnDayNumber(day)) + 6) % 7;
}

/**
 * The day a key moves the calendar's focus to (WAI-ARIA APG date picker grid): arrows by a day or
 * a week, Home/End to the week's Monday/Sunday, PageUp/PageDown by a month, with Shift by a year.
 * Undefined for a key the calendar does not handle.
 */
export function dayAfterKey(day: string, key: string, shiftKey = false): string | undefined {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -mondayIndex(day));
    case 'End':
      return addDays(day, 6 - mondayIndex(day));
    case 'PageUp':
      return shiftDayByMonths(day, shiftKey ? -12 : -1);
    case 'PageDown':
      return shiftDayByMonths(day, shiftKey ? 12 : 1);
    default:
      return undefined;
  }
}

export interface RangePick {
  start: string;
  end: string;
}

/** Days a rental may not run through: another reservation's time or the owner's vacation. */
const BLOCKS_RANGE: ReadonlySet<DayState> = new Set<DayState>(['reserved', 'vacation']);

/**
 * The pick after a click (or Enter or Space) on an enabled day: the first click is the start, the second the end
 * (the same day again is a single day); a click before the start, a click after a complete range,
 * or an end that would run through a taken or vacation day starts over from that day. In single
 * mode (hourly) every click is the one day.
 */
export function nextPick(current: RangePick, day: string, single: boolean, stateOf: (day: string) => DayState): RangePick {
  if (single || !current.start || current.end || day < current.start) return { start: day, end: '' };
  for (let d = addDays(current.start, 1); d < day; d = addDays(d, 1)) {
    if (BLOCKS_RANGE.has(stateOf(d))) return { start: day, end: '' };
  }
  return { start: current.start, end: day };
}

/** Why a day keeps a pick from being booked, as the refusal's error codes (the kernel words them). */
const REFUSAL_CODES: Readonly<Record<Exclude<DayState, 'available'>, readonly string[]>> = {
  past: ['INVALID_TIMES'],
  reserved: ['UNAVAILABLE'],
  vacation: ['IS_VACATION_DAY'],
  notRentDay: ['UNAVAILABLE', 'NOT_RENT_DAY'],
};

/**
 * Why a pick cannot be booked as the calendar shows its days, as the error codes the API would
 * answer; undefined when it can. The start and end days must be free and no day between taken or
 * a rest day (what `nextPick` allows). The calendar only makes such picks; a period prefilled
 * from the URL may be anything (issue 25).
 */
export function pickRefusal(pick: RangePick, single: boolean, stateOf: (day: string) => DayState): readonly string[] | undefined {
  if (!pick.start) return undefined;
  const refused = (state: DayState) => (state === 'available' ? undefined : REFUSAL_CODES[state]);
  const start = refused(stateOf(pick.start));
  if (start || single || !pick.end || pick.end <= pick.start) return start;
  for (let d = nextDay(pick.start); d < pick.end; d = nextDay(d)) {
    const state = stateOf(d);
    if (BLOCKS_RANGE.has(state)) return refused(state);
  }
  return refused(stateOf(pick.end));
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
