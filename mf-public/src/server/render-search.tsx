import { isApiError } from 'shared-kernel/api';
import { SearchPage } from '../features/search/components/search-page';
import { categoriesQueryOptions } from '../features/search/api/get-categories';
import { searchProductsQueryOptions } from '../features/search/api/search-products';
import { apiQuery, filtersFromParams } from '../features/search/model/search-filters';
import { slice } from '../slice.config';
import { searchHead } from './search-head';
import { headHtml, pageResult, serverQueryClient, type RenderRequest, type RenderResult } from './server-context';

/**
 * The search page's first results (the list; the map is the browser's) for an anonymous visitor,
 * from the query options the page itself uses, so the browser's client finds them under its keys.
 */
export async function renderSearch(req: RenderRequest): Promise<RenderResult | null> {
  const client = serverQueryClient();
  const params = new URLSearchParams(req.search);
  // A child `cat` asks the API for the same category with or without the tree, so both go at once.
  const results = searchProductsQueryOptions(apiQuery(filtersFromParams(params)));
  await Promise.all([client.prefetchQuery(categoriesQueryOptions()), client.prefetchQuery(results)]);
  const resultsState = client.getQueryState(results.queryKey);
  // The API refused the link (a period already past, say): not a failure of this render, and not
  // one to count towards pausing the slice's renders, which a run of such links would otherwise do.
  // The browser reads the link itself and says what it left out.
  if (
    resultsState?.status === 'error' &&
    isApiError(resultsState.error) &&
    resultsState.error.status >= 400 &&
    resultsState.error.status < 500
  )
    return null;
  // The API failed: the browser asks again itself (and shows its own error if it must).
  if (resultsState?.status !== 'success') throw resultsState?.error ?? new Error('no search results');
  const { items, page } = client.getQueryData(results.queryKey) ?? { items: [], page: 0 };
  const categories = client.getQueryData(categoriesQueryOptions().queryKey) ?? [];
  // A page past the end shows the last one (searchResultsPage): the head names the page shown.
  const filters = { ...filtersFromParams(params, categories), page };
  const head = searchHead(filters, { items, total: items[0]?.loadedCount ?? 0 }, categories, req.origin, req.pathname);
  return pageResult(req, client, slice.routes.search, <SearchPage />, headHtml(head));
}
