import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { CancelByHashAnswer } from 'shared-kernel/schemas';

/** The manual rent's state for its cancel page; the hash and the person's name are the key. */
export function getCancelByHash(hash: string, name: string, signal?: AbortSignal): Promise<CancelByHashAnswer> {
  return getApi().get(`/reservations/cancel/hash/${encodeURIComponent(hash)}`, { query: { name }, schema: CancelByHashAnswer, signal });
}

export const cancelByHashQueryKey = (hash: string, name: string) => ['reservations', 'cancel-by-hash', hash, name] as const;

export function cancelByHashQueryOptions(hash: string, name: string) {
  return queryOptions({ queryKey: cancelByHashQueryKey(hash, name), queryFn: ({ signal }) => getCancelByHash(hash, name, signal) });
}
