import type { ReservationStatus } from './status-labels';

/**
 * Reservations in these statuses hold the product's time: no other holding reservation may overlap
 * them. The database enforces the same list (exclusion constraint `reservations_no_overlap`,
 * migration 0005; a test compares the two). See docs/adr/0013-availability-engine.md.
 */
export const HOLDING_RESERVATION_STATUSES = [
  'REQUESTED',
  'PENDING_PAYMENT',
  'ACCEPTED',
  'CAPTURED',
  'MANUAL',
] as const satisfies readonly ReservationStatus[];

/** Statuses that free the time again. */
export const RELEASED_RESERVATION_STATUSES = [
  'DECLINED',
  'DECLINED_BY_SYSTEM',
  'CANCELLED',
  'TERMINATED',
  'FINISHED',
] as const satisfies readonly ReservationStatus[];

export function holdsTime(status: string): boolean {
  return (HOLDING_RESERVATION_STATUSES as readonly string[]).includes(status);
}

/** The two ends of a period overlap when each starts before the other ends (end exclusive). */
export function periodsOverlap(a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }): boolean {
  return a.startMs < b.endMs && b.startMs < a.endMs;
}
