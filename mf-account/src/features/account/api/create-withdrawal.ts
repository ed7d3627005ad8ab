import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { WithdrawalAnswer, type WithdrawalRequest } from 'shared-kernel/schemas';
import { accountQueryKey } from '../../../api/get-account-summary';

/** Pays euros out to the account number of the profile. */
export function createWithdrawal(request: WithdrawalRequest): Promise<WithdrawalAnswer> {
  return getApi().post('/payment/withdrawal', { body: request, schema: WithdrawalAnswer });
}

export function withdrawalMutationOptions() {
  return mutationOptions({
    mutationFn: createWithdrawal,
    onSettled: (_answer, _error, _vars, _result, { client }) => client.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
