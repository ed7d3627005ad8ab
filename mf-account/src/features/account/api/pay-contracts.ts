import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { PayContractsAnswer } from 'shared-kernel/schemas';
import { accountQueryKey } from '../../../api/get-account-summary';

/** Pays the chosen PENDING_PAYMENT contracts from the balance in one go. */
export function payContracts(contractIds: readonly number[]): Promise<PayContractsAnswer> {
  return getApi().put('/payment/contract', { query: { contracts: contractIds.join(',') }, schema: PayContractsAnswer });
}

export function payContractsMutationOptions() {
  return mutationOptions({
    mutationFn: payContracts,
    onSettled: (_answer, _error, _vars, _result, { client }) => client.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
