import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ReservationList, type Reservation } from 'shared-kernel/schemas';

/** The REQUESTED reservations on the caller's products. */
export function getOwnerRequests(signal?: AbortSignal): Promise<Reservation[]> {
  return getApi().get('/reservations', { query: { as: 'owner', statuses: ['REQUESTED'] }, schema: ReservationList, signal });
}

export function ownerRequestsQueryOptions() {
  return queryOptions({
    queryKey: ['reservations', 'list', 'owner', 'REQUESTED'] as const,
    queryFn: ({ signal }) => getOwnerRequests(signal),
  });
}
