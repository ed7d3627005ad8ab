import type { QueryClient } from '@tanstack/react-query';

/** A change to a reservation or its contract: every reservation and contract view reads again. */
export function refreshBookingViews(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: ['reservations'] }), client.invalidateQueries({ queryKey: ['contracts'] })]);
}
