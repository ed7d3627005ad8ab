import type { Product } from 'shared-kernel/schemas';
import {
  bookingCalendarDay,
  dailyWindow,
  hhmmOf,
  isoDateOfDayNumber,
  quoteRental,
  tallinnDayNumber,
  tallinnIsoDate,
  tallinnLocalExists,
  tallinnLocalToEpoch,
  tierPricesFromEuros,
  type BookingCalendarProduct,
  type CalendarDayState,
  type PriceQuote,
} from 'shared-kernel/time';

/** What the booking calendar and the hour selects need of a product (Product and ProductDetails both fit). */
export type PickProduct = Pick<
  Product,
  | 'rentDays'
  | 'vacationDays'
  | 'startTs'
  | 'endTs'
  | 'reservations'
  | 'blockedPeriods'
  | 'allowVat'
  | 'priceHour'
  | 'priceDaily'
  | 'threeDay'
  | 'aweek'
  | 'twoWeek'
  | 'month'
  | 'weekendDay'
>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const HOUR = /^\d{1,2}$/;

/**
 * The date pick of the panel and the rent page, as form values: days `YYYY-MM-DD` ('' when not
 * chosen), hours as select values ('' when not chosen). An empty end means a single day. Its zod
 * schema is in ./pick-schema: the product page's booking panel is on a desktop's first paint and
 * loads zod only with its form's first check (issue 28).
 */
export interface PickValues {
  startD: string;
  endD: string;
  hourly: boolean;
  startH: string;
  endH: string;
}

export const EMPTY_PICK: PickValues = { startD: '', endD: '', hourly: false, startH: '', endH: '' };

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch ms of a Tallinn wall-clock minute of a day; minute 1440 is the next day's midnight. */
export function tallinnMinuteToEpoch(day: string, minutes: number): number {
  if (minutes >= 24 * 60) return tallinnLocalToEpoch(`${addDays(day, 1)}T${hhmmOf(minutes - 24 * 60)}`);
  return tallinnLocalToEpoch(`${day}T${hhmmOf(minutes)}`);
}

export function addDays(day: string, days: number): string {
  return isoDateOfDayNumber(tallinnDayNumber(day) + days);
}

/** Today's date in Tallinn. */
export function tallinnToday(nowMs: number = Date.now()): string {
  return tallinnIsoDate(nowMs);
}

/** Hourly mode is offered only when the product has an hourly price (spec 5 "Booking"). */
export function offersHourly(product: Pick<PickProduct, 'priceHour'>): boolean {
  return typeof product.priceHour === 'number' && product.priceHour > 0;
}

/**
 * Whether whole hour `h` of `day` is on Tallinn's clock: 03:00 of the spring DST night is not, and
 * read on it would be 04:00 (03:00–04:00 an empty period). Hour 24 is the next midnight.
 */
function onClock(day: string, h: number): boolean {
  return !ISO_DAY.test(day) || h >= 24 || tallinnLocalExists(`${day}T${pad(h)}:00`);
}

/** Whole hours a handover may start at on `day` (the window's first full hour to one before closing). */
export function startHourOptions(product: Pick<PickProduct, 'startTs' | 'endTs'>, day = ''): number[] {
  const { open, close } = dailyWindow(product);
  const hours: number[] = [];
  for (let h = Math.ceil(open / 60); (h + 1) * 60 <= close; h++) if (onClock(day, h)) hours.push(h);
  return hours;
}

/** Whole hours a return may be at on `day` after a start hour, up to the window's closing. */
export function endHourOptions(product: Pick<PickProduct, 'startTs' | 'endTs'>, startH: number | undefined, day = ''): number[] {
  const { open, close } = dailyWindow(product);
  const first = (startH ?? Math.ceil(open / 60)) + 1;
  const hours: number[] = [];
  for (let h = first; h * 60 <= close; h++) if (onClock(day, h)) hours.push(h);
  return hours;
}

function hourOf(value: string): number | undefined {
  return HOUR.test(value) ? Number(value) : undefined;
}

/** An hourly pick's hours: both chosen, in order and on the clock that day (else no period). */
function pickedHours(pick: PickValues): { startH: number; endH: number } | undefined {
  const startH = hourOf(pick.startH);
  const endH = hourOf(pick.endH);
  if (startH === undefined || endH === undefined || endH <= startH) return undefined;
  return onClock(pick.startD, startH) && onClock(pick.startD, endH) ? { startH, endH } : undefined;
}

/** The calendar's view of the product: the window as HH:mm the kernel rule reads (24:00 as 23:59). */
export function calendarProduct(product: PickProduct): BookingCalendarProduct {
  const { open, close } = dailyWindow(product);
  return {
    rentDays: product.rentDays,
    vacationDays: product.vacationDays,
    startTs: hhmmOf(open),
    endTs: hhmmOf(Math.min(close, 24 * 60 - 1)),
    // Periods an owner's outside calendar holds are taken like bookings (issue 32).
    reservations: [...product.reservations, ...(product.blockedPeriods ?? [])],
  };
}

export type DayState = CalendarDayState | 'past';

/** How the calendar shows a day: past days first, then the kernel's rule (the API's engine agrees). */
export function dayState(day: string, product: BookingCalendarProduct, today: string): DayState {
  if (day < today) return 'past';
  return bookingCalendarDay(day, product);
}

/** The return day of a day-mode pick: the end day, or the next day when start equals end (spec 2.7). */
export function returnDay(startD: string, endD: string): string {
  return !endD || endD <= startD ? addDays(startD, 1) : endD;
}

export interface Period {
  startMs: number;
  endMs: number;
}

/**
 * The instants a pick books: day mode from the start day's opening hour to the return day's
 * opening hour; hourly mode the chosen hours of the one day. Undefined while the pick is incomplete.
 */
export function periodOf(product: PickProduct, pick: PickValues): Period | undefined {
  if (!ISO_DAY.test(pick.startD)) return undefined;
  if (pick.hourly && offersHourly(product)) {
    const hours = pickedHours(pick);
    if (!hours) return undefined;
    return { startMs: tallinnMinuteToEpoch(pick.startD, hours.startH * 60), endMs: tallinnMinuteToEpoch(pick.startD, hours.endH * 60) };
  }
  if (pick.endD && !ISO_DAY.test(pick.endD)) return undefined;
  const { open } = dailyWindow(product);
  return { startMs: tallinnMinuteToEpoch(pick.startD, open), endMs: tallinnMinuteToEpoch(returnDay(pick.startD, pick.endD), open) };
}

/** THE price of a period (kernel quoteRental, the one the API books with). */
export function quotePick(
  product: PickProduct,
  period: Period | undefined,
  additionalServiceCents: readonly number[] = [],
): PriceQuote | undefined {
  if (!period) return undefined;
  return quoteRental({
    prices: tierPricesFromEuros(product),
    startMs: period.startMs,
    endMs: period.endMs,
    ownerVatLiable: product.allowVat,
    additionalServiceCents,
  });
}

/**
 * `/auth/rent-product/{id}?startD=..&endD=..` (spec 2.7 variant 3): start equal to end moves the
 * end one day later in day mode; hourly mode adds `startH`/`endH` and keeps the one day.
 */
export function rentProductUrl(productId: number, product: PickProduct, pick: PickValues): string | undefined {
  if (!ISO_DAY.test(pick.startD)) return undefined;
  const params = new URLSearchParams();
  params.set('startD', pick.startD);
  if (pick.hourly && offersHourly(product)) {
    const hours = pickedHours(pick);
    if (!hours) return undefined;
    params.set('endD', pick.startD);
    params.set('startH', pad(hours.startH));
    params.set('endH', pad(hours.endH));
  } else {
    params.set('endD', returnDay(pick.startD, pick.endD));
  }
  return `/auth/rent-product/${productId}?${params.toString()}`;
}

/** The pick a rent-page URL carries; anything malformed is left out. */
export function pickFromSearch(search: URLSearchParams, product: PickProduct): PickValues {
  const startD = search.get('startD') ?? '';
  const endD = search.get('endD') ?? '';
  const startH = search.get('startH') ?? '';
  const endH = search.get('endH') ?? '';
  if (!ISO_DAY.test(startD)) return EMPTY_PICK;
  const hourly = offersHourly(product) && HOUR.test(startH) && HOUR.test(endH);
  return {
    startD,
    endD: ISO_DAY.test(endD) && endD >= startD ? endD : '',
    hourly,
    startH: hourly ? String(Number(startH)) : '',
    endH: hourly ? String(Number(endH)) : '',
  };
}

const SEARCH_DAY = /^\d{4}-\d{2}-\d{2}$/;
const SEARCH_MINUTE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/**
 * The period a dated search (issue 32) left in the product page's URL as `from`/`to`: whole days
 * (`YYYY-MM-DD`, both counted) or Tallinn wall-clock minutes (`YYYY-MM-DDTHH:mm`). Undefined when
 * absent, malformed, mixed or backwards; a period the product cannot be booked for is still read
 * (the panel opens with it and refuses it as it refuses any pick).
 */
export type SearchedPeriod =
  { mode: 'days'; from: string; to: string } | { mode: 'hours'; fromDay: string; fromMinute: number; toDay: string; toMinute: number };

export function searchedPeriod(search: URLSearchParams): SearchedPeriod | undefined {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (SEARCH_DAY.test(from) && SEARCH_DAY.test(to)) return to >= from ? { mode: 'days', from, to } : undefined;
  const a = SEARCH_MINUTE.exec(from);
  const b = SEARCH_MINUTE.exec(to);
  if (!a || !b) return undefined;
  const period = {
    mode: 'hours' as const,
    fromDay: a[1],
    fromMinute: Number(a[2]) * 60 + Number(a[3]),
    toDay: b[1],
    toMinute: Number(b[2]) * 60 + Number(b[3]),
  };
  const later = period.toDay > period.fromDay || (period.toDay === period.fromDay && period.toMinute > period.fromMinute);
  return later ? period : undefined;
}

/**
 * The panel's pick for a searched period. Days: the panel's own whole days, from `from` at the
 * opening hour to the opening hour after `to` (a one-day search is the same pick as a click on that
 * day), so the panel prices exactly the days the search card priced. When that morning after is no
 * day to return on (`returnsOn` says so: not a rent day, taken), the return is on `to` itself, the
 * longest stay inside the searched days. Hours: the hourly mode's whole hours covering them when
 * the product is rented by the hour and the hours are of one day; else the days they fall on.
 */
export function pickFromSearchedPeriod(
  period: SearchedPeriod | undefined,
  product: PickProduct,
  returnsOn: (day: string) => boolean = () => true,
): PickValues {
  if (!period) return EMPTY_PICK;
  if (period.mode === 'days') {
    if (period.to <= period.from) return { ...EMPTY_PICK, startD: period.from };
    const after = addDays(period.to, 1);
    return { ...EMPTY_PICK, startD: period.from, endD: returnsOn(after) ? after : period.to };
  }
  if (offersHourly(product) && period.fromDay === period.toDay) {
    const startH = Math.floor(period.fromMinute / 60);
    const endH = Math.min(24, Math.ceil(period.toMinute / 60));
    return { startD: period.fromDay, endD: '', hourly: true, startH: String(startH), endH: String(endH) };
  }
  return { ...EMPTY_PICK, startD: period.fromDay, endD: period.toDay > period.fromDay ? period.toDay : '' };
}

/**
 * The pay-and-rent form's start (day and minute), days and hours for a searched period. Days: the
 * calendar panel's own pick (`pickFromSearchedPeriod`, its return-day rule too), from the opening
 * hour to the return day's. Hours: exactly the searched times, from the searched start (not the
 * opening hour) for as many days and started hours as they last, returned at the searched minute
 * (`returnM`, a 14:30 inside the last started hour), so the form books and prices the
 * period the search card priced. Never shortened: a period over the form's limits is refused by the
 * form, with a reason, as the API would refuse it.
 */
export function instantFromSearchedPeriod(
  period: SearchedPeriod | undefined,
  product: PickProduct,
  limits: { maxHours: number },
  returnsOn: (day: string) => boolean = () => true,
): { startD: string; startM: number; days: number; hours: number; returnM?: number } | undefined {
  if (!period) return undefined;
  if (period.mode === 'days') {
    const pick = pickFromSearchedPeriod(period, product, returnsOn);
    const days = tallinnDayNumber(returnDay(pick.startD, pick.endD)) - tallinnDayNumber(pick.startD);
    return { startD: pick.startD, startM: dailyWindow(product).open, days, hours: 0 };
  }
  const minutes = (tallinnDayNumber(period.toDay) - tallinnDayNumber(period.fromDay)) * 24 * 60 + period.toMinute - period.fromMinute;
  let days = Math.floor(minutes / (24 * 60));
  let hours = Math.ceil((minutes - days * 24 * 60) / 60);
  if (hours > limits.maxHours) [days, hours] = [days + 1, 0];
  return { startD: period.fromDay, startM: period.fromMinute, days, hours, returnM: period.toMinute };
}
