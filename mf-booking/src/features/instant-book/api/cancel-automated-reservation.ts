import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import type { AutomatedCancelRequest } from 'shared-kernel/schemas';

export interface CancelAutomatedInput {
  productId: number;
  body: AutomatedCancelRequest;
}

/**
 * `POST /reservations/product/{id}/automated-with-payment/cancel` (spec 4 "Automated booking": any
 * error code cancels the automated request), with the hash when the hold was made.
 */
export function cancelAutomatedReservation({ productId, body }: CancelAutomatedInput): Promise<unknown> {
  return getApi().post(`/reservations/product/${productId}/automated-with-payment/cancel`, { body, forbiddenAlert: false });
}

export function cancelAutomatedReservationMutationOptions() {
  return mutationOptions({ mutationFn: cancelAutomatedReservation });
}
