import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Reservation, type ManualRentRequest } from 'shared-kernel/schemas';
import { myProductsQueryKey } from '../../../api/get-my-products';

/** An off-platform rent the owner enters; it holds the time like a booking (status MANUAL). */
export function createManualRent({ productId, body }: { productId: number; body: ManualRentRequest }): Promise<Reservation> {
  return getApi().post(`/reservations/product/${productId}/manual`, { body, schema: Reservation });
}

export function createManualRentMutationOptions() {
  return mutationOptions({
    mutationFn: createManualRent,
    onSuccess: (_reservation, _vars, _result, { client }) => client.invalidateQueries({ queryKey: myProductsQueryKey }),
  });
}
