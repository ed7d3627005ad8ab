import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Reservation, type DeclineReason } from 'shared-kernel/schemas';
import { reservationChanged } from './refresh-booking-views';

export function declineReservation({ id, reason }: { id: number; reason: DeclineReason }): Promise<Reservation> {
  return getApi().put(`/reservations/decline/${id}`, { query: { reason }, schema: Reservation, forbiddenAlert: false });
}

export function declineReservationMutationOptions() {
  return mutationOptions({
    mutationFn: declineReservation,
    onSuccess: (answer, _vars, _result, { client }) => reservationChanged(answer, client),
  });
}
