import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ContractByHash } from 'shared-kernel/schemas';
import { requestPageQueryKey } from './get-reservation-by-hash';

const MaybeContract = ContractByHash.nullable();

/** The reservation's contract (null before the owner accepts). */
export function getContractByHash(hash: string, signal?: AbortSignal): Promise<ContractByHash | null> {
  return getApi().get(`/reservations/hash/${encodeURIComponent(hash)}/contract`, { schema: MaybeContract, signal });
}

export function contractByHashQueryOptions(hash: string) {
  return queryOptions({
    queryKey: [...requestPageQueryKey(hash), 'contract'] as const,
    queryFn: ({ signal }) => getContractByHash(hash, signal),
  });
}
