import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { SearchResultList, type ProductSearchQuery, type SearchResultItem } from 'shared-kernel/schemas';

export type SearchRequest = Partial<Omit<ProductSearchQuery, 'page' | 'perPage'>> & { page: number; perPage: number };

export function searchProducts(query: SearchRequest, signal?: AbortSignal): Promise<SearchResultItem[]> {
  return getApi().get('/products/search', { query: { ...query }, schema: SearchResultList, signal });
}

export function searchProductsQueryOptions(query: SearchRequest) {
  return queryOptions({
    queryKey: ['products', 'search', query] as const,
    queryFn: ({ signal }) => searchProducts(query, signal),
  });
}
