import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from 'shared-kernel/api';
import { SearchPage } from '../features/search/components/search-page';
import { categoriesQueryOptions } from '../features/search/api/get-categories';
import { searchProductsQueryOptions } from '../features/search/api/search-products';
import { apiQuery, filtersFromParams, ignoredParams } from '../features/search/model/search-filters';
import { isRefusal } from '../lib/api/refusal';
import { slice } from '../slice.config';
import { searchHead } from './search-head';
import { headHtml, pageResult, serverQueryClient, type RenderRequest, type RenderResult } from './server-context';

/**
 * The search page's first results (the list; the map is the browser's) for an anonymous visitor,
 * from the query options the page itself uses, so the browser's client finds them under its keys.
 */
export async function renderSearch(req: RenderRequest, now: () => Date = () => new Date()): Promise<RenderResult | null> {
  const client = serverQueryClient();
  const params = new URLSearchParams(req.search);
  // A child `cat` asks the API for the same category with or without the tree, so both go at once.
  const results = searchProductsQueryOptions(apiQuery(filtersFromParams(params)));
  await Promise.all([client.prefetchQuery(categoriesQueryOptions()), client.prefetchQuery(results)]);
  const resultsState = client.getQueryState(results.queryKey);
  if (
    resultsState?.status === 'error' &&
    isApiError(resultsState.error) &&
    resultsState.error.status >= 400 &&
    resultsState.error.status < 500
  ) {
    // The API refused the link: not a failure of this render, and not one to count towards pausing
    // the slice's renders, which a run of such links would otherwise do. The page is what the
    // browser shows for the link (ADR 0047's amendments):
    // - a period already past (the API refused it, and this server's clock says past too): the
    //   notice and the results without the period, as the browser judges it on its own clock;
    const clock = now();
    // Only the API's own refusal of the link (400): a 403 or 429 is no judgement of the period.
    if (isRefusal(resultsState.error, [400]) && ignoredParams(params, clock).includes('pastPeriod')) {
      client.removeQueries({ queryKey: results.queryKey, exact: true });
      const categories = client.getQueryData(categoriesQueryOptions().queryKey) ?? [];
      const withoutPeriod = searchProductsQueryOptions(apiQuery(filtersFromParams(params, categories, clock)));
      await client.prefetchQuery(withoutPeriod);
      const state = client.getQueryState(withoutPeriod.queryKey);
      // Refused again (another of the link's values, a rate limit): the browser reads the link
      // itself, and no refusal counts as a failed render towards pausing the slice's renders.
      if (state?.status === 'error' && isApiError(state.error) && state.error.status >= 400 && state.error.status < 500) return null;
      if (state?.status !== 'success') throw state?.error ?? new Error('no search results');
      return searchPage(req, client, params, withoutPeriod.queryKey, clock);
    }
    // - another refusal (a period too long or too far ahead): the page with the API's reason by the
    //   period's fields and no results, the refusal embedded so the browser does not ask again;
    if (isRefusal(resultsState.error, [400])) return searchPage(req, client, params, results.queryKey);
    // - anything else: the browser reads the link itself.
    return null;
  }
  // The API failed: the browser asks again itself (and shows its own error if it must).
  if (resultsState?.status !== 'success') throw resultsState?.error ?? new Error('no search results');
  return searchPage(req, client, params, results.queryKey);
}

/** The page for the link as `SearchPage` reads it (with `now`, a period before it left out), its results under `resultsKey`. */
function searchPage(
  req: RenderRequest,
  client: QueryClient,
  params: URLSearchParams,
  resultsKey: ReturnType<typeof searchProductsQueryOptions>['queryKey'],
  now?: Date,
): RenderResult {
  const { items, page } = client.getQueryData(resultsKey) ?? { items: [], page: 0 };
  const categories = client.getQueryData(categoriesQueryOptions().queryKey) ?? [];
  // A page past the end shows the last one (searchResultsPage): the head names the page shown.
  const filters = { ...filtersFromParams(params, categories, now), page };
  const head = searchHead(filters, { items, total: items[0]?.loadedCount ?? 0 }, categories, req.origin, req.pathname);
  return pageResult(req, client, slice.routes.search, <SearchPage now={now} />, headHtml(head));
}
