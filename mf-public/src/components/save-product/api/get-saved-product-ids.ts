import { queryOptions } from '@tanstack/react-query';
import type { SavedProductIds } from 'shared-kernel/schemas';
import { requestWithLazySchema } from '../../../lib/api/request-with-lazy-schema';

/** Every query of the signed-in user's saved products starts with this key (mf-account's list too, by URL only). */
export const savedProductsQueryKey = ['saved-products'] as const;
export const savedProductIdsQueryKey = [...savedProductsQueryKey, 'ids'] as const;

/** The ids of every product the signed-in user saved: one call lights all the hearts of a page. */
export function getSavedProductIds(signal?: AbortSignal): Promise<SavedProductIds> {
  return requestWithLazySchema(
    'get',
    '/users/me/saved-products/ids',
    () => import('shared-kernel/schemas').then((m) => m.SavedProductIds),
    { signal },
  );
}

// Module-level, so the set is made once per answer rather than on every render.
const asSet = (ids: SavedProductIds) => new Set(ids);

export function savedProductIdsQueryOptions() {
  return queryOptions({
    queryKey: savedProductIdsQueryKey,
    queryFn: ({ signal }) => getSavedProductIds(signal),
    select: asSet,
  });
}
