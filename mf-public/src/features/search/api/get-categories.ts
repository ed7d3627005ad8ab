import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Category } from 'shared-kernel/schemas';

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return getApi().get('/category', { schema: Category.array(), signal });
}

/** The category tree, fetched once per page load. */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories'] as const,
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: Infinity,
  });
}
