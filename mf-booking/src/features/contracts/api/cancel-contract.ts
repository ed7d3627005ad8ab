import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ContractCancelAnswer } from 'shared-kernel/schemas';
import { contractsQueryKey } from './get-contracts';

export function cancelContract({ id, reason }: { id: number; reason?: string }): Promise<ContractCancelAnswer> {
  return getApi().put(`/contracts/cancel/${id}`, { query: { reason }, schema: ContractCancelAnswer });
}

/** The lists show the cancelled contract once this settles. */
export function cancelContractMutationOptions() {
  return mutationOptions({
    mutationFn: cancelContract,
    onSuccess: (_answer, _vars, _result, { client }) => client.invalidateQueries({ queryKey: contractsQueryKey }),
  });
}
