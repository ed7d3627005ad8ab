import { queryOptions } from '@tanstack/react-query';
import type { ProductDetails } from 'shared-kernel/schemas';
import { requestWithLazySchema } from '../../../lib/api/request-with-lazy-schema';

export function getProductDetails(id: number, signal?: AbortSignal): Promise<ProductDetails> {
  return requestWithLazySchema('get', `/products/${id}/details`, () => import('shared-kernel/schemas').then((m) => m.ProductDetails), {
    signal,
  });
}

export const productDetailsQueryKey = (id: number) => ['products', id, 'details'] as const;

export function productDetailsQueryOptions(id: number) {
  return queryOptions({
    queryKey: productDetailsQueryKey(id),
    queryFn: ({ signal }) => getProductDetails(id, signal),
  });
}
