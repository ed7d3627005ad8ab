import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { SavedProductList } from 'shared-kernel/schemas';

/** mf-public's hearts keep their ids under the same first key; the slices share the URL, not code. */
export const savedProductsQueryKey = ['saved-products'] as const;

/** The signed-in user's saved products, newest first. */
export function getSavedProducts(signal?: AbortSignal): Promise<SavedProductList> {
  return getApi().get('/users/me/saved-products', { schema: SavedProductList, signal });
}

export function savedProductsQueryOptions() {
  return queryOptions({
    queryKey: [...savedProductsQueryKey, 'list'] as const,
    queryFn: ({ signal }) => getSavedProducts(signal),
  });
}
