import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Product } from 'shared-kernel/schemas';

/** `GET /products/{id}`: the product with its calendar (rent days, vacation days, holding reservations). */
export function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return getApi().get(`/products/${id}`, { schema: Product, signal });
}

export const productQueryKey = (id: number) => ['products', id] as const;

export function productQueryOptions(id: number) {
  return queryOptions({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });
}
