import { queryOptions } from '@tanstack/react-query';
import type { Category } from 'shared-kernel/schemas';
import { requestWithLazySchema } from '../../../lib/api/request-with-lazy-schema';

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return requestWithLazySchema('get', '/category', () => import('shared-kernel/schemas').then((m) => m.Category.array()), { signal });
}

/** The category tree, fetched once per page load. */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories'] as const,
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: Infinity,
  });
}
