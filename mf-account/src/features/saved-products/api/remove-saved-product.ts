import { mutationOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { OkResponse } from 'shared-kernel/schemas';
import { savedProductsQueryKey } from './get-saved-products';

export function removeSavedProduct(productId: number): Promise<OkResponse> {
  return getApi().delete(`/users/me/saved-products/${productId}`, { schema: OkResponse });
}

/** The list (and any hearts in the same page's cache) is asked again once the removal settles. */
export function removeSavedProductMutationOptions() {
  return mutationOptions({
    mutationFn: removeSavedProduct,
    onSettled: (_answer, _error, _id, _result, { client }) => client.invalidateQueries({ queryKey: savedProductsQueryKey }),
  });
}
