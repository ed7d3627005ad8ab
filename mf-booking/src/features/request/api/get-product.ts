import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Product } from 'shared-kernel/schemas';

/** The product's paid-later flag and the additional services the renter may choose from. */
export function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return getApi().get(`/products/${id}`, { schema: Product, signal });
}

export function productQueryOptions(id: number) {
  return queryOptions({ queryKey: ['products', id] as const, queryFn: ({ signal }) => getProduct(id, signal) });
}
