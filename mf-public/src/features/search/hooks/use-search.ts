import { useEffect, useState } from 'react';
import { isApiError } from 'shared-kernel/api';
import type { MapMarker, SearchResultItem } from 'shared-kernel/schemas';
import { getMarkers } from '../api/get-markers';
import { searchProducts } from '../api/search-products';
import { ESTONIA_BOUNDS } from '../model/map-config';
import { apiQuery, type SearchFilters } from '../model/search-filters';
import type { MapBounds } from '../components/map/map-types';

/** `capped`: the server stopped counting (at 1000); the total is then a lower bound. */
export type SearchState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: SearchResultItem[]; total: number; capped: boolean };

export function useSearchResults(filters: SearchFilters): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'loading' });
  const key = JSON.stringify(apiQuery(filters));
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    searchProducts(JSON.parse(key), controller.signal)
      .then((items) => setState({ status: 'ready', items, total: items[0]?.loadedCount ?? 0, capped: items[0]?.loadedCountCapped ?? false }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: isApiError(err) ? err.message : String(err) });
      });
    return () => controller.abort();
  }, [key]);
  return state;
}

/**
 * Markers for the map: the whole of Estonia at once (clustered in the browser); when the server
 * says that was truncated, the visible box is asked for again after each pan or zoom.
 */
export function useMarkers(filters: SearchFilters): { markers: MapMarker[]; onViewChange: (bounds: MapBounds) => void } {
  const [markers, setMarkers] = useState<MapMarker[]>([]);
  const [truncated, setTruncated] = useState(false);
  const [bounds, setBounds] = useState<MapBounds | null>(null);
  // The list's own filters, distance circle included, so map and list show the same products.
  const { name, category, lat, lon, distance } = apiQuery(filters);
  const box = truncated && bounds ? bounds : ESTONIA_BOUNDS;
  const boxKey = `${box.minLat.toFixed(3)},${box.minLon.toFixed(3)},${box.maxLat.toFixed(3)},${box.maxLon.toFixed(3)}`;
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getMarkers({ ...box, name, category, lat, lon, distance, limit: 5000 }, controller.signal)
        .then((list) => {
          setMarkers(list.markers);
          if (box === ESTONIA_BOUNDS) setTruncated(list.truncated);
        })
        .catch(() => undefined);
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // boxKey stands for box.
  }, [boxKey, name, category, lat, lon, distance]);
  return { markers, onViewChange: setBounds };
}
