import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { BooleanAnswer } from 'shared-kernel/schemas';

export function checkResetHash(hash: string, signal?: AbortSignal) {
  return getApi().get(`/forgot-pw/${encodeURIComponent(hash)}`, { schema: BooleanAnswer, signal });
}

/** Whether a password-reset link's key is still usable; checked once per page visit. */
export function resetHashQueryOptions(hash: string) {
  return queryOptions({
    queryKey: ['password-reset', hash] as const,
    queryFn: ({ signal }) => checkResetHash(hash, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
}
