import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ContractExtensionList, type ContractExtension } from 'shared-kernel/schemas';

/** A contract's extension requests, oldest first, with what the caller may do with each. */
export function getExtensions(contractId: number, signal?: AbortSignal): Promise<ContractExtension[]> {
  return getApi().get(`/contracts/${contractId}/extensions`, { schema: ContractExtensionList, signal });
}

export const extensionsQueryKey = ['contracts', 'extensions'] as const;

export function extensionsQueryOptions(contractId: number) {
  return queryOptions({
    queryKey: [...extensionsQueryKey, contractId] as const,
    queryFn: ({ signal }) => getExtensions(contractId, signal),
  });
}
