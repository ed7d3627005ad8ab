import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { PaymentOrderToken } from 'shared-kernel/schemas';

/** The renter pays an accepted extension by bank link (`POST /contracts/extensions/{id}/bank-link`): the bank's page to go to. */
export function payExtensionByBank({ id, bank }: { id: number; bank: string }): Promise<PaymentOrderToken> {
  return getApi().post(`/contracts/extensions/${id}/bank-link`, { body: { bank }, schema: PaymentOrderToken });
}

export function payExtensionByBankMutationOptions() {
  return mutationOptions({ mutationFn: payExtensionByBank });
}
