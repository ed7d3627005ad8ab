import { periodsOverlap } from './reservation-rules';
import { tallinnLocalToEpoch } from './tallinn-time';
import { WEEKDAY_INDEX, type Weekday } from './weekdays';

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
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const rentDays = product.rentDays.length === 0 ? (Object.keys(WEEKDAY_INDEX) as Weekday[]) : product.rentDays;
  if (!rentDays.some((d) => WEEKDAY_INDEX[d] === weekday)) return 'notRentDay';
  if (product.vacationDays.includes(day)) return 'vacation';
  const open = { startMs: tallinnLocalToEpoch(`${day}T${product.startTs}`), endMs: tallinnLocalToEpoch(`${day}T${product.endTs}`) };
  const taken = product.reservations.some((r) => periodsOverlap(open, { startMs: Date.parse(r.startTs), endMs: Date.parse(r.endTs) }));
  return taken ? 'reserved' : 'available';
}
