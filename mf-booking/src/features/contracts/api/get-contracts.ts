import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ContractList, type Contract } from 'shared-kernel/schemas';

/** The caller's contracts as owner (`incoming`) or as renter. */
export function getContracts(incoming: boolean, signal?: AbortSignal): Promise<Contract[]> {
  return getApi().get('/contracts', { query: { incoming: String(incoming) }, schema: ContractList, signal });
}

export const contractsQueryKey = ['contracts', 'list'] as const;

export function contractsQueryOptions(incoming: boolean) {
  return queryOptions({
    queryKey: [...contractsQueryKey, incoming ? 'in' : 'out'] as const,
    queryFn: ({ signal }) => getContracts(incoming, signal),
  });
}
