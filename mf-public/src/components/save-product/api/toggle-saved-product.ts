import { mutationOptions } from '@tanstack/react-query';
import type { OkResponse } from 'shared-kernel/schemas';
import { requestWithLazySchema } from '../../../lib/api/request-with-lazy-schema';
import { savedProductIdsQueryKey, savedProductsQueryKey } from './get-saved-product-ids';

export interface SavedToggle {
  productId: number;
  save: boolean;
}

/** Saving and removing are idempotent, so a double click or a retry cannot flip the state twice. */
export function toggleSavedProduct({ productId, save }: SavedToggle): Promise<OkResponse> {
  const path = `/users/me/saved-products/${productId}`;
  return requestWithLazySchema(save ? 'put' : 'delete', path, () => import('shared-kernel/schemas').then((m) => m.OkResponse));
}

/**
 * The heart turns at once (the cached ids change before the answer) and turns back on any failure
 * (the ids asked again afterwards may fail too, a 401 among them, and would leave the guess on
 * screen); the ids are asked again when the call settles, so what the server holds is what shows.
 */
export function toggleSavedProductMutationOptions() {
  return mutationOptions({
    mutationFn: toggleSavedProduct,
    onMutate: async ({ productId, save }, { client }) => {
      await client.cancelQueries({ queryKey: savedProductIdsQueryKey });
      const before = client.getQueryData<number[]>(savedProductIdsQueryKey);
      client.setQueryData<number[]>(savedProductIdsQueryKey, (ids) =>
        ids === undefined ? ids : save ? [productId, ...ids.filter((id) => id !== productId)] : ids.filter((id) => id !== productId),
      );
      return { before };
    },
    onError: (_error, _vars, result, { client }) => {
      if (result?.before !== undefined) client.setQueryData<number[]>(savedProductIdsQueryKey, result.before);
    },
    onSettled: (_answer, _error, _vars, _result, { client }) => client.invalidateQueries({ queryKey: savedProductsQueryKey }),
  });
}
