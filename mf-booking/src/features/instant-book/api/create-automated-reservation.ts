import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { PaymentOrderToken, type AutomatedReservationRequest } from 'shared-kernel/schemas';

export interface AutomatedReservationInput {
  productId: number;
  body: AutomatedReservationRequest;
}

/**
 * `POST /reservations/product/{id}/automated-with-payment`: holds the time and answers the bank
 * order to send to the provider. Refusals are shown in the form, so the global 403 alert stays off.
 */
export function createAutomatedReservation({ productId, body }: AutomatedReservationInput): Promise<PaymentOrderToken> {
  return getApi().post(`/reservations/product/${productId}/automated-with-payment`, {
    body,
    schema: PaymentOrderToken,
    forbiddenAlert: false,
  });
}

export function createAutomatedReservationMutationOptions() {
  return mutationOptions({ mutationFn: createAutomatedReservation });
}
