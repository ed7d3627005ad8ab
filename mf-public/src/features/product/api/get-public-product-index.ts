import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { PublicProductIndex } from 'shared-kernel/schemas';

/** One page (a sitemap file's worth) of the products a visitor can open, by id with their last change. */
export function getPublicProductIndex(page: number, signal?: AbortSignal): Promise<PublicProductIndex> {
  return getApi().get('/products/public-index', { query: { page }, schema: PublicProductIndex, signal });
}

export function publicProductIndexQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['products', 'public-index', page] as const,
    queryFn: ({ signal }) => getPublicProductIndex(page, signal),
  });
}
