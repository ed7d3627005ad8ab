import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ReservationList, type Reservation } from 'shared-kernel/schemas';

/** The caller's REQUESTED reservations, as owner or renter. */
export function getPendingReservations(signal?: AbortSignal): Promise<Reservation[]> {
  return getApi().get('/reservations', { query: { statuses: ['REQUESTED'] }, schema: ReservationList, signal });
}

export function pendingReservationsQueryOptions() {
  return queryOptions({
    queryKey: ['reservations', 'list', 'any', 'REQUESTED'] as const,
    queryFn: ({ signal }) => getPendingReservations(signal),
  });
}
