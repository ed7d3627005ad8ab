import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Reservation, type NewReservationRequest } from 'shared-kernel/schemas';
import { productQueryKey } from './get-product';

export interface CreateReservationInput {
  productId: number;
  body: NewReservationRequest;
}

/**
 * `POST /reservations/product/{id}`. A refusal (403 for a role that may not book) is shown on the
 * page with the booking texts, so the global 403 alert stays off.
 */
export function createReservation({ productId, body }: CreateReservationInput): Promise<Reservation> {
  return getApi().post(`/reservations/product/${productId}`, { body, schema: Reservation, forbiddenAlert: false });
}

/** A request; the product's calendar is asked again since the new request now holds its time. */
export function createReservationMutationOptions() {
  return mutationOptions({
    mutationFn: createReservation,
    onSuccess: (_reservation, { productId }, _result, { client }) => client.invalidateQueries({ queryKey: productQueryKey(productId) }),
  });
}
