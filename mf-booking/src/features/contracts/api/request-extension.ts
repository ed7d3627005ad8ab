import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ContractExtension } from 'shared-kernel/schemas';
import { refreshExtensionViews } from './refresh-extension-views';

/** The renter asks for a new end (`POST /contracts/{id}/extensions`). */
export function requestExtension({ contractId, endTs }: { contractId: number; endTs: string }): Promise<ContractExtension> {
  return getApi().post(`/contracts/${contractId}/extensions`, { body: { endTs }, schema: ContractExtension });
}

export function requestExtensionMutationOptions() {
  return mutationOptions({ mutationFn: requestExtension, onSuccess: (_a, _v, _r, { client }) => refreshExtensionViews(client) });
}
