import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from 'shared-kernel/api';
import { messages } from 'shared-kernel/messages';
import type { MapMarker, SearchResultItem } from 'shared-kernel/schemas';
import { markersQueryOptions } from '../api/get-markers';
import { searchProductsQueryOptions } from '../api/search-products';
import { ESTONIA_BOUNDS } from '../../../components/map/map-config';
import { apiQuery, type SearchFilters } from '../model/search-filters';
import type { MapBounds } from '../../../components/map/map-types';
import { searchTexts } from '../../../messages/search';

/** `capped`: the server stopped counting (at 1000); the total is then a lower bound. */
export type SearchState =
  | { status: 'loading' }
  /** `refused`: the API's 400 (a period it cannot search, in its own Estonian words), not a failure. */
  | { status: 'error'; message: string; refused: boolean }
  /**
   * `page`: the index of the page `items` are of; `pastEnd`: the asked page was past the last one,
   * and `page` is the last (see searchResultsPage).
   */
  | { status: 'ready'; items: SearchResultItem[]; total: number; capped: boolean; page: number; pastEnd: boolean };

/**
 * The reason of the API's schema refusal without the place it names (`querystring.minPrice: …`):
 * the visitor did not type a query string, and the fields it concerns are beside the text.
 */
export function refusalText(message: string): string {
  return message
    .split('; ')
    .map((part) => part.replace(/^[\w.]+: /, ''))
    .join(' ');
}

/** One page of results (the last for one past the end); while the next filters load, the previous results stay on screen. */
export function useSearchResults(filters: SearchFilters): SearchState {
  const { data, error, isPending, isError, isPlaceholderData } = useQuery({
    ...searchProductsQueryOptions(apiQuery(filters)),
    placeholderData: keepPreviousData,
  });
  if (isPending) return { status: 'loading' };
  if (isError) {
    const refused = isApiError(error) && error.status === 400;
    if (!refused) return { status: 'error', message: messages.common.loadFailed, refused };
    // The API's refusals carry a code and an Estonian message; a bare status (`HTTP_400`) has
    // only the transport's words, which are no message for a renter.
    const own = error.code !== `HTTP_${error.status}`;
    return { status: 'error', message: own ? refusalText(error.message) : searchTexts.refusedWithoutReason, refused };
  }
  const { items, page } = data;
  return {
    status: 'ready',
    items,
    total: items[0]?.loadedCount ?? 0,
    capped: items[0]?.loadedCountCapped ?? false,
    page,
    pastEnd: page !== filters.page && !isPlaceholderData,
  };
}

const NO_MARKERS: MapMarker[] = [];
// A pan or zoom fires a burst of view changes; the box is asked for once they settle.
const VIEW_SETTLE_MS = 150;

/** Rounded to about 100 m, so a tiny drag asks nothing new. */
function roundBox(box: MapBounds): MapBounds {
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return { minLat: r(box.minLat), minLon: r(box.minLon), maxLat: r(box.maxLat), maxLon: r(box.maxLon) };
}

/**
 * Markers for the map: the whole of Estonia at once (clustered in the browser); when the server
 * says that was truncated, the visible box is asked for again after each pan or zoom. None while
 * the map is not shown (`mapShown` false).
 */
export function useMarkers(filters: SearchFilters, mapShown = true): { markers: MapMarker[]; onViewChange: (bounds: MapBounds) => void } {
  const [bounds, setBounds] = useState<MapBounds | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onViewChange = useCallback((next: MapBounds) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setBounds(roundBox(next)), VIEW_SETTLE_MS);
  }, []);

  // The list's own filters, distance circle, period and price range included, so map and list
  // show the same products.
  const { name, category, lat, lon, distance, from, to, minPrice, maxPrice } = apiQuery(filters);
  const filter = { name, category, lat, lon, distance, from, to, minPrice, maxPrice, limit: 5000 };
  // No map on a small screen: its markers (up to 5000) are not asked for either (issue 28).
  const whole = useQuery({
    ...markersQueryOptions({ ...ESTONIA_BOUNDS, ...filter }),
    enabled: mapShown,
    placeholderData: keepPreviousData,
  });
  const truncated = whole.data?.truncated ?? false;
  const visible = useQuery({
    ...markersQueryOptions({ ...(bounds ?? ESTONIA_BOUNDS), ...filter }),
    enabled: mapShown && truncated && bounds !== null,
    placeholderData: keepPreviousData,
  });
  const shown = truncated && visible.data ? visible.data : whole.data;
  return { markers: shown?.markers ?? NO_MARKERS, onViewChange };
}
