import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { createBankOrder } from 'shared-kernel/api/bank-link';
import { PaymentOrderToken, type DepositRequest } from 'shared-kernel/schemas';

/** Starts a deposit: the API creates the order at the provider and answers its payment page. */
export async function startDeposit(request: DepositRequest): Promise<string> {
  const order = await getApi().post('/payment', { body: request, schema: PaymentOrderToken });
  return createBankOrder(order);
}

export function startDepositMutationOptions() {
  return mutationOptions({ mutationFn: startDeposit });
}
