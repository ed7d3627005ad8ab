import { act, waitFor } from '@testing-library/react';
import { deferred, makeSearchResult, mockApi, renderHookWithPlatform } from 'shared-kernel/testing';
import type { MarkerList, SearchResultItem } from 'shared-kernel/schemas';
import { ESTONIA_BOUNDS } from '../../../components/map/map-config';
import { EMPTY_FILTERS, type SearchFilters } from '../model/search-filters';
import { refusalText, useMarkers, useSearchResults } from './use-search';

const marker = (id: number) => ({ id, title: `Toode ${id}`, imageUrl: null, priceDaily: 10, location: '58.4,26.7', lat: 58.4, lon: 26.7 });

describe('useMarkers', () => {
  it('asks for the markers with the list filters, the distance circle included', async () => {
    const api = mockApi({ 'GET /products/markers': () => ({ markers: [], truncated: false }) });
    renderHookWithPlatform(() => useMarkers({ ...EMPTY_FILTERS, search: 'haagis', cat: 4, lat: 58.378, lon: 26.729, dist: 25 }));
    await waitFor(() => expect(api.requests('GET /products/markers')).toHaveLength(1));
    expect(api.requests('GET /products/markers')[0].query).toEqual(
      expect.objectContaining({ name: 'haagis', category: 4, lat: 58.378, lon: 26.729, distance: 25 }),
    );
  });

  it('asks for no markers while the map is not shown (a small screen), and for them once it is', async () => {
    const api = mockApi({ 'GET /products/markers': () => ({ markers: [marker(1)], truncated: false }) });
    const { result, rerender } = renderHookWithPlatform((shown: boolean) => useMarkers({ ...EMPTY_FILTERS, search: 'haagis' }, shown), {
      initialProps: false,
    });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(api.requests('GET /products/markers')).toHaveLength(0);
    expect(result.current.markers).toEqual([]);
    rerender(true);
    await waitFor(() => expect(result.current.markers.map((m) => m.id)).toEqual([1]));
  });

  it('sends no circle without a chosen place', async () => {
    const api = mockApi({ 'GET /products/markers': () => ({ markers: [], truncated: false }) });
    renderHookWithPlatform(() => useMarkers({ ...EMPTY_FILTERS, search: 'haagis', dist: 25 }));
    await waitFor(() => expect(api.requests('GET /products/markers')).toHaveLength(1));
    expect(api.requests('GET /products/markers')[0].query).toEqual(
      expect.objectContaining({ lat: undefined, lon: undefined, distance: undefined }),
    );
  });

  it('asks for the visible box after a pan only when the whole of Estonia was truncated', async () => {
    const api = mockApi({
      'GET /products/markers': ({ query }): MarkerList =>
        query?.minLat === ESTONIA_BOUNDS.minLat
          ? { markers: [marker(1)], truncated: true }
          : { markers: [marker(2), marker(3)], truncated: false },
    });
    const { result } = renderHookWithPlatform(() => useMarkers({ ...EMPTY_FILTERS, search: 'haagis' }));
    await waitFor(() => expect(result.current.markers.map((m) => m.id)).toEqual([1]));
    act(() => result.current.onViewChange({ minLat: 58.30001, minLon: 26.6, maxLat: 58.5, maxLon: 26.9 }));
    await waitFor(() => expect(result.current.markers.map((m) => m.id)).toEqual([2, 3]));
    expect(api.requests('GET /products/markers')[1].query).toEqual(
      expect.objectContaining({ minLat: 58.3, minLon: 26.6, maxLat: 58.5, maxLon: 26.9 }),
    );
  });
});

describe('useSearchResults', () => {
  // Whole hits: the list's answers are checked against the schema (loaded beside the request).
  const item = (id: number, loadedCount: number) => makeSearchResult({ id, loadedCount });

  it('keeps the previous results on screen while the next page loads, and never shows an older answer over a newer one', async () => {
    const slow = deferred<SearchResultItem[]>();
    mockApi({
      'GET /products/search': ({ query }) => (query?.page === 0 ? [item(1, 30)] : query?.page === 1 ? slow.promise : [item(3, 30)]),
    });
    const { result, rerender } = renderHookWithPlatform((filters: SearchFilters) => useSearchResults(filters), {
      initialProps: { ...EMPTY_FILTERS, search: 'haagis' },
    });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', total: 30 }));
    rerender({ ...EMPTY_FILTERS, search: 'haagis', page: 1 });
    expect(result.current).toMatchObject({ status: 'ready', items: [{ id: 1 }] });
    rerender({ ...EMPTY_FILTERS, search: 'haagis', page: 2 });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', items: [{ id: 3 }] }));
    await act(async () => slow.resolve([item(2, 30)]));
    expect(result.current).toMatchObject({ status: 'ready', items: [{ id: 3 }] });
  });
});

describe('useSearchResults past the end', () => {
  const item = (id: number, loadedCount: number) => makeSearchResult({ id, loadedCount });

  it('gives the last page for one past the end, and says so only of the answer to the filters asked', async () => {
    const next = deferred<SearchResultItem[]>();
    mockApi({
      'GET /products/search': ({ query }) => ({ 0: [item(1, 45)], 1: next.promise, 2: [item(41, 45)] })[Number(query?.page)] ?? [],
    });
    const { result, rerender } = renderHookWithPlatform((filters: SearchFilters) => useSearchResults(filters), {
      initialProps: { ...EMPTY_FILTERS, search: 'haagis', page: 5 },
    });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', items: [{ id: 41 }], total: 45, page: 2, pastEnd: true }));
    // Page 2 (index 1) loading: the last page stays on screen, no longer said to stand for another.
    rerender({ ...EMPTY_FILTERS, search: 'haagis', page: 1 });
    expect(result.current).toMatchObject({ status: 'ready', items: [{ id: 41 }], page: 2, pastEnd: false });
    await act(async () => next.resolve([item(21, 45)]));
    expect(result.current).toMatchObject({ status: 'ready', items: [{ id: 21 }], page: 1, pastEnd: false });
  });
});

describe('refusalText', () => {
  it("shows the API's reasons without the query-string places they name", () => {
    expect(refusalText('querystring.minPrice: Madalaim hind ei saa olla suurem kui kõrgeim hind.')).toBe(
      'Madalaim hind ei saa olla suurem kui kõrgeim hind.',
    );
    expect(refusalText('querystring.from: Vigane vorming; querystring.to: Vigane vorming')).toBe('Vigane vorming Vigane vorming');
    expect(refusalText('Algusaeg on enne praegust ajahetke.')).toBe('Algusaeg on enne praegust ajahetke.');
  });
});
