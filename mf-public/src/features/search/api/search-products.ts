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

/** One page of hits and the page's index they are (the asked one, or the last when it was past the end). */
export interface SearchResultsPage {
  items: SearchResultItem[];
  page: number;
}

/**
 * The asked page; one past the end (a link from before products went, a typed `page=999`) is the
 * last page instead. The API answers a page past the end with no hits and so without their count:
 * the first page gives the count, and the last page is asked for by it. One query for the chain,
 * so the server's render and the browser's first frame read the same answer under one key.
 */
export async function searchResultsPage(query: SearchRequest, signal?: AbortSignal): Promise<SearchResultsPage> {
  const items = await searchProducts(query, signal);
  if (items.length > 0 || query.page === 0) return { items, page: query.page };
  const first = await searchProducts({ ...query, page: 0 }, signal);
  const total = first[0]?.loadedCount ?? 0;
  const last = Math.max(0, Math.ceil(total / query.perPage) - 1);
  // Nothing found at all, or a count that says the asked page exists after all: the empty page stands.
  if (first.length === 0 || last >= query.page) return { items, page: query.page };
  if (last === 0) return { items: first, page: 0 };
  return { items: await searchProducts({ ...query, page: last }, signal), page: last };
}

export function searchProductsQueryOptions(query: SearchRequest) {
  return queryOptions({
    queryKey: ['products', 'search', query] as const,
    queryFn: ({ signal }) => searchResultsPage(query, signal),
    // A link's search the API refused (a period too long, say), embedded by the server's page
    // (ADR 0041), is shown with its reason, not asked again.
    retryOnMount: retryUnlessRefused([400]),
  });
}
