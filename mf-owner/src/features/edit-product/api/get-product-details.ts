import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ProductDetails } from 'shared-kernel/schemas';

/** `GET /products/{id}/details`: the product with its technical fields and category names. */
export function getProductDetails(id: number, signal?: AbortSignal): Promise<ProductDetails> {
  return getApi().get(`/products/${id}/details`, { schema: ProductDetails, signal });
}

export const productDetailsQueryKey = (id: number) => ['products', id, 'details'] as const;

export function productDetailsQueryOptions(id: number) {
  return queryOptions({ queryKey: productDetailsQueryKey(id), queryFn: ({ signal }) => getProductDetails(id, signal) });
}
