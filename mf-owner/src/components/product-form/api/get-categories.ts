import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Category } from 'shared-kernel/schemas';

/** `GET /category`: the category tree (parents have no parentCategoryId). */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return getApi().get('/category', { schema: Category.array(), signal });
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: ['categories'] as const, queryFn: ({ signal }) => getCategories(signal), staleTime: Infinity });
}
