import { queryOptions } from '@tanstack/react-query';
import type { ProductSearchQuery, SearchResultItem } from 'shared-kernel/schemas';
import { requestWithLazySchema } from '../../../lib/api/request-with-lazy-schema';
import { retryUnlessRefused } from '../../../lib/api/refusal';

export type SearchRequest = Partial<Omit<ProductSearchQuery, 'page' | 'perPage'>> & { page: number; perPage: number };

export function searchProducts(query: SearchRequest, signal?: AbortSignal): Promise<SearchResultItem[]> {
  return requestWithLazySchema('get', '/products/search', () => import('shared-kernel/schemas').then((m) => m.SearchResultList), {
    query: { ...query },
    signal,
  });
}

export function searchProductsQueryOptions(query: SearchRequest) {
  return queryOptions({
    queryKey: ['products', 'search', query] as const,
    queryFn: ({ signal }) => searchProducts(query, signal),
    // A link's search the API refused (a period too long, say), embedded by the server's page
    // (ADR 0041), is shown with its reason, not asked again.
    retryOnMount: retryUnlessRefused([400]),
  });
}
