import { z } from 'shared-kernel/zod';
import { fromCents, LIMITS } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { AutomatedReservationRequest, type PaymentInit } from 'shared-kernel/schemas';
import { pickRefusal } from '../../../components/booking-pick/calendar-model';
import {
  addDays,
  calendarProduct,
  dayState,
  quotePick,
  tallinnMinuteToEpoch,
  type Period,
  type PickProduct,
} from '../../../components/booking-pick/pick-model';
import { dailyWindow, type PriceQuote } from 'shared-kernel/time';
import { bookingTexts } from '../../../messages/et';

/** Spec 9: at most 23 extra hours (a 24th is one more day). */
export const HOURS_MAX = 23;
/** The longest rental the API books (the kernel's limit), so the form offers every period a search lists. */
export const DAYS_MAX = LIMITS.maxRentalDays;
const DAY_MINUTES = 24 * 60;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The pay-and-rent form (spec 2.7 variant 1, spec 5 "Automated pay form"): the kernel's rules for
 * name and phone, the start day, days and hours, the bank.
 */
export const InstantBookForm = z.object({
  name: AutomatedReservationRequest.shape.name,
  phone: z.string().trim().min(1, messages.errors.booking.goKartNameAndPhone).pipe(AutomatedReservationRequest.shape.phone),
  startD: z.string().regex(ISO_DAY, bookingTexts.instantBook.pickStart),
  // Minute of the day of the handover: the opening hour, or the start of searched hours (issue 32).
  startM: z
    .number()
    .int()
    .min(0)
    .max(DAY_MINUTES - 1),
  // The searched return minute (issue 32), kept while it falls in the last started hour (10:00–14:30).
  returnM: z.number().int().min(0).max(DAY_MINUTES).nullable(),
  days: z.number().int().min(0),
  hours: z.number().int().min(0).max(HOURS_MAX),
  bank: z.string().trim().min(1, messages.errors.booking.chooseBank),
});
export type InstantBookInput = z.input<typeof InstantBookForm>;
export type InstantBookValues = z.output<typeof InstantBookForm>;

/** A stepper value kept inside its limits: never below 0, never above the maximum. */
export function stepValue(value: number, delta: number, max: number): number {
  return Math.min(max, Math.max(0, value + delta));
}

/** When the period starts and how long it is, as the form holds it. */
export interface InstantTimes {
  startD: string;
  /** Minute of the day of the handover; the opening hour when not given. */
  startM?: number;
  days: number;
  hours: number;
  /** A return minute inside the last started hour (a searched 14:30); closing when not given. */
  returnM?: number | null;
}

/**
 * The return as a Tallinn wall-clock day and minute: `days` days and `hours` hours after the start,
 * but at closing or at `returnM` when that falls inside the last started hour (the price counts that
 * hour whole, so a search's 10:00–14:30 is five hours returned at 14:30).
 */
function returnAt(product: PickProduct, times: InstantTimes): { day: string; minute: number } {
  const { open, close } = dailyWindow(product);
  const { startD, startM = open, days, hours, returnM } = times;
  let minute = startM + hours * 60;
  let day = addDays(startD, days);
  if (minute > DAY_MINUTES) [day, minute] = [addDays(day, 1), minute - DAY_MINUTES];
  const cut = Math.min(close, returnM ?? close);
  if (hours > 0 && minute > cut && minute - 60 < cut) minute = cut;
  return { day, minute };
}

/**
 * The period booked: from the start day's `startM` (the opening hour unless a search chose hours),
 * `days` days and `hours` hours long (Tallinn wall clock, so a DST change keeps the hour). Undefined
 * without a start day or a length.
 */
export function instantPeriod(product: PickProduct, times: InstantTimes): Period | undefined {
  const { startD, startM = dailyWindow(product).open, days, hours } = times;
  if (!ISO_DAY.test(startD) || days + hours <= 0) return undefined;
  const end = returnAt(product, times);
  return { startMs: tallinnMinuteToEpoch(startD, startM), endMs: tallinnMinuteToEpoch(end.day, end.minute) };
}

export type PeriodProblem = 'unavailable' | 'outsideHours' | 'startInPast' | 'tooLong';

/**
 * Why the product cannot be rented for the period, by the calendar panel's rule (`pickRefusal`, the
 * API's `calendarRefusal`): the handover and return days rentable, no day between taken or a
 * vacation day (days between need not be rent days); a return outside the daily window; longer
 * than the API books; or a start already gone.
 */
export function periodProblem(product: PickProduct, times: InstantTimes, today: string, nowMs: number): PeriodProblem | undefined {
  const period = instantPeriod(product, times);
  if (!period) return undefined;
  const { startD, days, hours } = times;
  const { open, close } = dailyWindow(product);
  const end = returnAt(product, times);
  if (end.minute < open || end.minute > close) return 'outsideHours';
  if (days * DAY_MINUTES + hours * 60 > LIMITS.maxRentalDays * DAY_MINUTES) return 'tooLong';
  const calendar = calendarProduct(product);
  if (pickRefusal({ start: startD, end: end.day }, false, (day) => dayState(day, calendar, today))) return 'unavailable';
  if (period.startMs <= nowMs) return 'startInPast';
  return undefined;
}

/** The price of the period (the one quote of the product page and the rent page), or undefined. */
export function instantQuote(product: PickProduct, period: Period | undefined): PriceQuote | undefined {
  return quotePick(product, period);
}

/** The body of `POST …/automated-with-payment`: the period, the contact and the bank-link payment of the total. */
export function automatedRequestBody(values: InstantBookValues, period: Period, totalCents: number): AutomatedReservationRequest {
  const payment: PaymentInit = {
    method: 'paymentInitiation',
    methodOptions: { preferredLocale: 'et', preferredCountry: 'EE', preferredProvider: values.bank },
    amount: fromCents(totalCents),
    currency: 'EUR',
  };
  return {
    startTs: new Date(period.startMs).toISOString(),
    endTs: new Date(period.endMs).toISOString(),
    phone: values.phone,
    name: values.name,
    payment,
  };
}
