import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { CancelByHashAnswer } from 'shared-kernel/schemas';
import { cancelByHashQueryKey } from './get-cancel-by-hash';

export function cancelByHash({ hash, name }: { hash: string; name: string }): Promise<CancelByHashAnswer> {
  return getApi().put(`/reservations/cancel/hash/${encodeURIComponent(hash)}`, { query: { name }, schema: CancelByHashAnswer });
}

/** The page reads the state again once the cancel settles (the spec's reload). */
export function cancelByHashMutationOptions() {
  return mutationOptions({
    mutationFn: cancelByHash,
    onSettled: (_answer, _error, vars, _result, { client }) =>
      client.invalidateQueries({ queryKey: cancelByHashQueryKey(vars.hash, vars.name) }),
  });
}
