import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { CustomerProductList } from 'shared-kernel/schemas';

/** Spec 2 "Profile": the latest 7 products, page 0. */
export const LATEST_PRODUCTS = 7;

export function getLatestProducts(userId: number, signal?: AbortSignal): Promise<CustomerProductList> {
  return getApi().get(`/products/customer-products/${userId}`, {
    query: { page: 0, perPage: LATEST_PRODUCTS },
    schema: CustomerProductList,
    signal,
  });
}

export function latestProductsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['profile', 'latest-products', userId] as const,
    queryFn: ({ signal }) => getLatestProducts(userId, signal),
  });
}
