import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { OwnerProductList, type OwnerProduct } from 'shared-kernel/schemas';

import type { MyProductsTab } from '../components/product-tabs';

/** The caller's products on one tab, with their reservations (the server filters by tab). */
export function getMyProducts(tab: MyProductsTab, signal?: AbortSignal): Promise<OwnerProduct[]> {
  return getApi().get('/products/my-products', { query: { tab, includeReservation: true }, schema: OwnerProductList, signal });
}

/** Every owner list reads again when this prefix is invalidated (a removal, restore or manual rent). */
export const myProductsQueryKey = ['products', 'my-products'] as const;

export function myProductsQueryOptions(tab: MyProductsTab) {
  return queryOptions({
    queryKey: [...myProductsQueryKey, tab] as const,
    queryFn: ({ signal }) => getMyProducts(tab, signal),
  });
}
