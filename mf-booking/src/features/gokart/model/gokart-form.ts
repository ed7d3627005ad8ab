import { z } from 'shared-kernel/zod';
import { fromCents, GO_KART } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { GokartRequest, GokartSlot, type GokartDay, type Product } from 'shared-kernel/schemas';
import { bookingCalendarDay, hhmmOf, minutesOf, tallinnLocalToEpoch, type BookingCalendarProduct } from 'shared-kernel/time';
import { addDays } from '../../../components/booking-pick/pick-model';
import { bookingTexts } from '../../../messages/et';

const fillBoth = messages.errors.booking.goKartNameAndPhone;

/**
 * The go-kart form (spec 2.7 variant 2, spec 5 "Go-kart"): the day, the riders (1–10, one name
 * each: the names go on the contract), the slots, the contact and the bank; the kernel's request
 * rules underneath.
 */
export const GokartForm = z.object({
  day: z.iso.date(),
  riderCount: z.number().int().min(GO_KART.ridersMin).max(GO_KART.ridersMax),
  slots: z.array(GokartSlot).min(1, messages.errors.booking.goKartChooseSlots),
  personName: z.string().trim().min(1, fillBoth).pipe(GokartRequest.shape.personName),
  personPhone: z.string().trim().min(1, fillBoth).pipe(GokartRequest.shape.personPhone),
  riders: z.array(z.string().trim().min(1, bookingTexts.goKart.riderNameRequired).max(100)).min(GO_KART.ridersMin).max(GO_KART.ridersMax),
  bank: z.string().trim().min(1, messages.errors.booking.chooseBank),
});
export type GokartFormInput = z.input<typeof GokartForm>;
export type GokartFormValues = z.output<typeof GokartForm>;

/** The 20-minute slots (:00, :20, :40) that start and end within the day's opening hours. */
export function daySlots(opens: string | null, closes: string | null): string[] {
  const open = opens === null ? undefined : minutesOf(opens);
  const close = closes === null ? undefined : minutesOf(closes);
  if (open === undefined || close === undefined) return [];
  const slots: string[] = [];
  const step = GO_KART.slotMinutes;
  for (let m = Math.ceil(open / step) * step; m + step <= close && m < 24 * 60; m += step) slots.push(hhmmOf(m));
  return slots;
}

export type SlotState = 'free' | 'full' | 'past';

/** A slot cannot be chosen once it has started, or when the riders would not fit (capacity 10). */
export function slotState(day: string, slot: string, taken: number, riders: number, nowMs: number): SlotState {
  if (tallinnLocalToEpoch(`${day}T${slot}`) <= nowMs) return 'past';
  if (taken + riders > GO_KART.ridersPerSlotMax) return 'full';
  return 'free';
}

/** Which words name a slot: a slot too small for the riders says how many places it has left. */
export function slotLabelState(state: SlotState, free: number): 'free' | 'tooFew' | 'full' | 'past' {
  if (state === 'full') return free > 0 ? 'tooFew' : 'full';
  return state;
}

export function slotsTaken(gokartDay: GokartDay | undefined, slot: string): number {
  return gokartDay?.slotsTaken[slot] ?? 0;
}

/**
 * The track's calendar: it opens on its rent days and not on its vacation days, as the API's
 * opening hours say (services/gokart/slots.ts); its bookings hold slots, never a whole day.
 */
export function trackCalendar(product: Pick<Product, 'rentDays' | 'vacationDays'>): BookingCalendarProduct {
  return { rentDays: product.rentDays, vacationDays: product.vacationDays, startTs: '00:00', endTs: '23:59', reservations: [] };
}

/** The day the panel opens on: today, or the track's next open day within a year. */
export function firstOpenDay(calendar: BookingCalendarProduct, today: string): string {
  for (let i = 0; i < 366; i++) {
    const day = addDays(today, i);
    if (bookingCalendarDay(day, calendar) === 'available') return day;
  }
  return today;
}

/** Places left in a slot. */
export function freePlaces(taken: number): number {
  return Math.max(0, GO_KART.ridersPerSlotMax - taken);
}

/** Spec 9: 20 € per slot per rider, in cents. */
export function gokartTotalCents(slotCount: number, riders: number): number {
  return GO_KART.slotPriceCents * slotCount * riders;
}

/** The riders' name fields for a new rider count: names already typed are kept. */
export function resizeRiders(riders: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, i) => riders[i] ?? '');
}

/** `POST /reservations/gokart`: the slots in time order, the riders' names and the bank-link payment. */
export function gokartRequestBody(values: GokartFormValues): GokartRequest {
  const totalCents = gokartTotalCents(values.slots.length, values.riders.length);
  return {
    day: values.day,
    slots: [...values.slots].sort(),
    personPhone: values.personPhone,
    personName: values.personName,
    riders: values.riders,
    payment: {
      method: 'paymentInitiation',
      methodOptions: { preferredLocale: 'et', preferredCountry: 'EE', preferredProvider: values.bank },
      amount: fromCents(totalCents),
      currency: 'EUR',
    },
  };
}
