import { z } from 'shared-kernel/zod';
import { fromCents } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { AutomatedReservationRequest, type PaymentInit } from 'shared-kernel/schemas';
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
/** The longest instant book the form offers; longer rentals go through the owner. */
export const DAYS_MAX = 90;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The pay-and-rent form (spec 2.7 variant 1, spec 5 "Automated pay form"): the kernel's rules for
 * name and phone, the start day, days and hours, the bank.
 */
export const InstantBookForm = z.object({
  name: AutomatedReservationRequest.shape.name,
  phone: z.string().trim().min(1, messages.errors.booking.goKartNameAndPhone).pipe(AutomatedReservationRequest.shape.phone),
  startD: z.string().regex(ISO_DAY, bookingTexts.instantBook.pickStart),
  days: z.number().int().min(0).max(DAYS_MAX),
  hours: z.number().int().min(0).max(HOURS_MAX),
  bank: z.string().trim().min(1, messages.errors.booking.chooseBank),
});
export type InstantBookInput = z.input<typeof InstantBookForm>;
export type InstantBookValues = z.output<typeof InstantBookForm>;

/** A stepper value kept inside its limits: never below 0, never above the maximum. */
export function stepValue(value: number, delta: number, max: number): number {
  return Math.min(max, Math.max(0, value + delta));
}

/**
 * The period booked: from the start day's opening hour, `days` days and `hours` hours long (Tallinn
 * wall clock, so a DST change keeps the opening hour). Undefined without a start day or a length.
 */
export function instantPeriod(product: PickProduct, startD: string, days: number, hours: number): Period | undefined {
  if (!ISO_DAY.test(startD) || days + hours <= 0) return undefined;
  const { open } = dailyWindow(product);
  return { startMs: tallinnMinuteToEpoch(startD, open), endMs: tallinnMinuteToEpoch(addDays(startD, days), open + hours * 60) };
}

export type PeriodProblem = 'unavailable' | 'outsideHours' | 'startInPast';

/**
 * Why the product cannot be rented for the period, as the booking calendar and the API's
 * availability engine see it: a day of the period not rentable (past, not a rent day, vacation,
 * held), a return outside the daily window, or a start already gone.
 */
export function periodProblem(
  product: PickProduct,
  startD: string,
  days: number,
  hours: number,
  today: string,
  nowMs: number,
): PeriodProblem | undefined {
  const period = instantPeriod(product, startD, days, hours);
  if (!period) return undefined;
  const { open, close } = dailyWindow(product);
  if (hours > 0 && open + hours * 60 > close) return 'outsideHours';
  const calendar = calendarProduct(product);
  const lastDay = addDays(startD, days);
  for (let day = startD; day <= lastDay; day = addDays(day, 1)) {
    if (dayState(day, calendar, today) !== 'available') return 'unavailable';
  }
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
