import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Reservation, type AcceptRequest } from 'shared-kernel/schemas';
import { reservationChanged } from './refresh-booking-views';

/** The owner's accept; the paid-later one for a product paid on return. */
export function acceptReservation({ id, paidLater, body }: { id: number; paidLater: boolean; body: AcceptRequest }): Promise<Reservation> {
  return getApi().put(`/reservations/${paidLater ? 'accept-paid-later' : 'accept'}/${id}`, {
    body,
    schema: Reservation,
    forbiddenAlert: false,
  });
}

export function acceptReservationMutationOptions() {
  return mutationOptions({
    mutationFn: acceptReservation,
    onSuccess: (answer, _vars, _result, { client }) => reservationChanged(answer, client),
  });
}
