import { periodsOverlap } from '../domain/reservation-rules';
import type { Weekday } from '../domain/weekdays';
import { rentsOnWeekday } from './daily-window';
import { tallinnLocalToEpoch, tallinnWeekday, toEpoch } from './tallinn-time';

export type CalendarDayState = 'available' | 'notRentDay' | 'vacation' | 'reserved';

export interface BookingCalendarProduct {
  rentDays: readonly Weekday[];
  vacationDays: readonly string[];
  /** Daily window, HH:mm wall clock in Europe/Tallinn. */
  startTs: string;
  endTs: string;
  /** Holding reservations, ISO instants. */
  reservations: readonly { startTs: string; endTs: string }[];
}

/**
 * How the booking calendar shows one Tallinn date (`YYYY-MM-DD`): not a rent day, a vacation day,
 * taken by a reservation during the product's daily window, or free. The API's availability engine
 * applies the same rules to a request (docs/adr/0013-availability-engine.md).
 */
export function bookingCalendarDay(day: string, product: BookingCalendarProduct): CalendarDayState {
  if (!rentsOnWeekday(product.rentDays, tallinnWeekday(day))) return 'notRentDay';
  if (product.vacationDays.includes(day)) return 'vacation';
  const open = { startMs: tallinnLocalToEpoch(`${day}T${product.startTs}`), endMs: tallinnLocalToEpoch(`${day}T${product.endTs}`) };
  const taken = product.reservations.some((r) => periodsOverlap(open, { startMs: toEpoch(r.startTs), endMs: toEpoch(r.endTs) }));
  return taken ? 'reserved' : 'available';
}
