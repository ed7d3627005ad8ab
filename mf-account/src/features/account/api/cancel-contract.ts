import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ContractCancelAnswer } from 'shared-kernel/schemas';
import { accountQueryKey } from '../../../api/get-account-summary';

/** An unpaid contract is cancelled without a reason ('item was broken' is not offered before payment). */
export function cancelContract(id: number): Promise<ContractCancelAnswer> {
  return getApi().put(`/contracts/cancel/${id}`, { schema: ContractCancelAnswer });
}

export function cancelContractsMutationOptions() {
  return mutationOptions({
    // One call per contract; all are tried so one refusal does not keep the others.
    mutationFn: (ids: readonly number[]) => Promise.allSettled(ids.map((id) => cancelContract(id))),
    onSettled: (_answer, _error, _vars, _result, { client }) => client.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
