import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ExtensionAnswer } from 'shared-kernel/schemas';
import { refreshExtensionViews } from './refresh-extension-views';

/** The owner's answer (`PUT /contracts/extensions/{id}/accept|decline`), or the renter's payment from the balance (`…/pay`). */
export function decideExtension({ id, step }: { id: number; step: 'accept' | 'decline' | 'pay' }): Promise<ExtensionAnswer> {
  return getApi().put(`/contracts/extensions/${id}/${step}`, { schema: ExtensionAnswer });
}

export function decideExtensionMutationOptions() {
  return mutationOptions({ mutationFn: decideExtension, onSuccess: (_a, _v, _r, { client }) => refreshExtensionViews(client) });
}
