import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { PaymentOrderToken, type GokartRequest } from 'shared-kernel/schemas';
import { gokartDayQueryKey } from './get-gokart-day';

/** `POST /reservations/gokart`: holds the places and answers the bank order for the provider. */
export function createGokartReservation(body: GokartRequest): Promise<PaymentOrderToken> {
  return getApi().post('/reservations/gokart', { body, schema: PaymentOrderToken, forbiddenAlert: false });
}

/** Success or failure, the day's places changed (ours, or someone else's filled the slot): ask again. */
export function createGokartReservationMutationOptions() {
  return mutationOptions({
    mutationFn: createGokartReservation,
    onSettled: (_order, _error, body, _result, { client }) => client.invalidateQueries({ queryKey: gokartDayQueryKey(body.day) }),
  });
}
