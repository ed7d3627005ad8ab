import type { Reservation } from 'shared-kernel/schemas';

/** The bank's return may land before its notification: ask again every 2 s, five times (~10 s). */
export const PAYMENT_POLL_INTERVAL_MS = 2_000;
export const PAYMENT_POLL_ATTEMPTS = 5;

const HASH = /^[A-Za-z0-9_-]{8,64}$/;

export function validHash(hash: string): boolean {
  return HASH.test(hash);
}

/** Statuses a paid booking is in; the contract exists from then on. */
const PAID = new Set<Reservation['status']>(['ACCEPTED', 'CAPTURED', 'FINISHED']);
/** Statuses of a booking whose payment failed or expired (the time was released). */
const RELEASED = new Set<Reservation['status']>(['CANCELLED', 'DECLINED', 'DECLINED_BY_SYSTEM', 'TERMINATED']);

export type SuccessState = 'failed' | 'checking' | 'stillPending' | 'bankPending' | 'released' | 'paid' | 'unknown';

/**
 * What the return view shows: the bank's `payment_result=failure` first; `pending` while the bank
 * has not settled; otherwise the booking as
 * the API knows it, polled while PENDING_PAYMENT until the attempts run out.
 */
export function successState(
  paymentResult: string | null,
  reservation: { data?: Pick<Reservation, 'status'>; isPending: boolean; isError: boolean; dataUpdateCount: number } | undefined,
): SuccessState {
  if (paymentResult === 'failure') return 'failed';
  if (!reservation || reservation.isError) return 'unknown';
  if (!reservation.data) return reservation.isPending ? 'checking' : 'unknown';
  const { status } = reservation.data;
  // The bank said its payment is still under way (PENDING/AUTHORIZED): the time stays held.
  if (status === 'PENDING_PAYMENT' && paymentResult === 'pending') return 'bankPending';
  if (status === 'PENDING_PAYMENT') return reservation.dataUpdateCount >= PAYMENT_POLL_ATTEMPTS ? 'stillPending' : 'checking';
  if (RELEASED.has(status)) return 'released';
  if (PAID.has(status)) return 'paid';
  return 'unknown';
}
