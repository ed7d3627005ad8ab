import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Reservation } from 'shared-kernel/schemas';
import { reservationChanged } from './refresh-booking-views';

/** The renter withdraws a request the owner has not answered yet. */
export function cancelReservation(id: number): Promise<Reservation> {
  return getApi().put(`/reservations/cancel/${id}`, { schema: Reservation, forbiddenAlert: false });
}

export function cancelReservationMutationOptions() {
  return mutationOptions({
    mutationFn: cancelReservation,
    onSuccess: (answer, _vars, _result, { client }) => reservationChanged(answer, client),
  });
}
