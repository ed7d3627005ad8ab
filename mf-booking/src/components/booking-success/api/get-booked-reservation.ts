import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Reservation } from 'shared-kernel/schemas';
import { PAYMENT_POLL_ATTEMPTS, PAYMENT_POLL_INTERVAL_MS } from '../success-model';

/** `GET /reservations/hash/{hash}`: the booking the renter just paid for. */
export function getBookedReservation(hash: string, signal?: AbortSignal): Promise<Reservation> {
  return getApi().get(`/reservations/hash/${encodeURIComponent(hash)}`, { schema: Reservation, signal });
}

export const bookedReservationQueryKey = (hash: string) => ['reservations', 'hash', hash] as const;

/** Polls while the payment is still pending, then stops (the view says the bank has not confirmed yet). */
export function bookedReservationQueryOptions(hash: string) {
  return queryOptions({
    queryKey: bookedReservationQueryKey(hash),
    queryFn: ({ signal }) => getBookedReservation(hash, signal),
    refetchInterval: (query) =>
      query.state.data?.status === 'PENDING_PAYMENT' && query.state.dataUpdateCount < PAYMENT_POLL_ATTEMPTS
        ? PAYMENT_POLL_INTERVAL_MS
        : false,
  });
}
