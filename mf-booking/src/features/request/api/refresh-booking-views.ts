import type { QueryClient } from '@tanstack/react-query';
import { emit } from 'shared-kernel/events';
import type { Reservation } from 'shared-kernel/schemas';

/** A change to a reservation or its contract: every reservation and contract view reads again. */
export function refreshBookingViews(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: ['reservations'] }), client.invalidateQueries({ queryKey: ['contracts'] })]);
}

/** A reservation changed state: other slices (the shell's pending count) hear of it, and this slice reads again. */
export function reservationChanged(reservation: Reservation, client: QueryClient) {
  emit('reservation-changed', { reservationId: reservation.id, status: reservation.status });
  return refreshBookingViews(client);
}
