import { queryOptions } from '@tanstack/react-query';
import type { ProductDetails } from 'shared-kernel/schemas';
import { requestWithLazySchema } from '../../../lib/api/request-with-lazy-schema';
import { retryUnlessRefused } from '../../../lib/api/refusal';

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
    // "No such product" from the server's 404 page (ADR 0041) is shown, not asked again.
    retryOnMount: retryUnlessRefused([404]),
  });
}
