import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Reservation } from 'shared-kernel/schemas';

/** The reservation behind the request page; parties only (others get 404, as does an unknown hash). */
export function getReservationByHash(hash: string, signal?: AbortSignal): Promise<Reservation> {
  return getApi().get(`/reservations/hash/${encodeURIComponent(hash)}`, { schema: Reservation, signal });
}

/** Everything the request page reads hangs under this key, so one invalidation refreshes the page. */
export const requestPageQueryKey = (hash: string) => ['reservations', 'hash', hash] as const;

export function reservationByHashQueryOptions(hash: string) {
  return queryOptions({ queryKey: requestPageQueryKey(hash), queryFn: ({ signal }) => getReservationByHash(hash, signal) });
}
