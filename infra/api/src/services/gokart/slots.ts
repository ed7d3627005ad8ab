import { GO_KART } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import { dailyWindow, hhmmOf, inTallinn, tallinnLocalToEpoch } from 'shared-kernel/time';
import { ApiError } from '../../lib/api-error';
import { isRentDay, type PeriodProduct } from '../availability/period-rules';

const SLOT_MS = GO_KART.slotMinutes * 60_000;

/** The track's opening hours of one Tallinn day (`HH:mm`), or null when it is closed that day. */
export function openingHours(product: PeriodProduct, day: string): { opens: string; closes: string; open: number; close: number } | null {
  const noon = inTallinn(tallinnLocalToEpoch(`${day}T12:00`));
  if (!isRentDay(product, noon) || product.vacationDays.includes(day)) return null;
  const { open, close } = dailyWindow(product);
  return { opens: hhmmOf(open), closes: hhmmOf(close), open, close };
}

export interface PlannedSlot {
  /** `HH:mm` as asked. */
  slot: string;
  startMs: number;
  endMs: number;
}

/**
 * Judges the asked slots of one day (spec 5, 9): 20-minute starts at :00, :20 or :40 that begin and
 * end inside the day's opening hours and start in the future. Answers them in time order, so the
 * capacity trigger's slot locks are always taken in one order (no deadlock between two bookings).
 */
export function planSlots(product: PeriodProduct, day: string, slots: readonly string[], nowMs: number): PlannedSlot[] {
  const closed = () => new ApiError(409, 'GOKART_CLOSED', messages.errors.booking.goKartClosed);
  const hours = openingHours(product, day);
  if (!hours) throw closed();
  const planned = slots.map((slot) => {
    const match = /^(\d{2}):(\d{2})$/.exec(slot);
    const minute = match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
    if (!match || minute % GO_KART.slotMinutes !== 0) throw closed();
    if (minute < hours.open || minute + GO_KART.slotMinutes > hours.close) throw closed();
    const startMs = tallinnLocalToEpoch(`${day}T${slot}`);
    // A wall time skipped by the spring DST jump is no slot of that day.
    if (inTallinn(startMs).toFormat('HH:mm') !== slot) throw closed();
    if (startMs <= nowMs) throw closed();
    return { slot, startMs, endMs: startMs + SLOT_MS };
  });
  return planned.sort((a, b) => a.startMs - b.startMs);
}

/** Spec 9: 20 € per slot per rider. */
export function gokartPriceCents(slots: number, riders: number): number {
  return GO_KART.slotPriceCents * slots * riders;
}
