import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Reservation } from 'shared-kernel/schemas';
import { reservationChanged } from './refresh-booking-views';

export function updateAdditionalServices({ id, ids }: { id: number; ids: number[] }): Promise<Reservation> {
  return getApi().put(`/reservations/additional-services/${id}`, {
    body: { additionalService: ids },
    schema: Reservation,
    forbiddenAlert: false,
  });
}

export function updateAdditionalServicesMutationOptions() {
  return mutationOptions({
    mutationFn: updateAdditionalServices,
    onSuccess: (answer, _vars, _result, { client }) => reservationChanged(answer, client),
  });
}
