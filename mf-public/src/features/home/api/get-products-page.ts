import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
// The schema's zod-free guard: the front page's slider reads this on its first paint (issue 28).
import { ProductListGuard } from 'shared-kernel/schemas';

export function getProductsPage(page: number, perPage: number, signal?: AbortSignal) {
  return getApi().get('/products', { query: { page, perPage }, schema: ProductListGuard, signal });
}

export const productsPageQueryKey = (page: number, perPage: number) => ['products', 'page', { page, perPage }] as const;

export function productsPageQueryOptions(page: number, perPage: number) {
  return queryOptions({
    queryKey: productsPageQueryKey(page, perPage),
    queryFn: ({ signal }) => getProductsPage(page, perPage, signal),
  });
}
