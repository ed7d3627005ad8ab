import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Box, Button, Flex, Grid, Heading, Loader, NativeSelect, SimpleGrid, Text } from 'shared-kernel/ui';
import { useSearchParams } from 'shared-kernel/router';
import { format, messages } from 'shared-kernel/messages';
import type { SearchResultItem, SearchSort } from 'shared-kernel/schemas';
import { useSession } from 'shared-kernel/session';
import { usePageTitle } from 'shared-kernel/platform';
import { useCategories } from '../hooks/use-categories';
import { useMarkers, useSearchResults } from '../hooks/use-search';
import { mapTileUrl } from '../../../components/map/map-config';
import {
  askedPage,
  filtersFromParams,
  ignoredParams,
  pageCount,
  paramsFromFilters,
  type IgnoredPart,
  type SearchFilters,
} from '../model/search-filters';
import { FilterPanel } from './filter-panel';
import { LazyMap } from '../../../components/map/lazy-map';
import { useWideEnoughForMap } from '../../../components/map/use-wide-enough-for-map';
import type { MapPoint } from '../../../components/map/map-types';
import { MarkerCard } from './marker-card';
import { ResultCard } from './result-card';
import { productTexts } from '../../../messages/product';
import { searchTexts } from '../../../messages/search';
import { searchPageName } from '../model/search-title';

// Dialogs (shared-kernel/overlays) load when first opened, off the page's first paint (ADR 0023).
const ShareDialog = lazy(() => import('../../../components/share-dialog').then((m) => ({ default: m.ShareDialog })));

const IGNORED_NAMES: Record<Exclude<IgnoredPart, 'pastPeriod'>, string> = {
  period: searchTexts.ignoredPeriod,
  minPrice: searchTexts.ignoredMinPrice,
  maxPrice: searchTexts.ignoredMaxPrice,
  category: searchTexts.ignoredCategory,
  sort: searchTexts.ignoredSort,
  page: searchTexts.ignoredPage,
};

/**
 * 'TOOTE OTSING': map, filters, results grid, sort and paging; the URL holds the state. `now` is
 * the clock a link's period is judged past by: the browser's own by default; the server render
 * passes its clock only for a link whose period the API refused (render-search.tsx).
 */
export function SearchPage({ now: clock }: { now?: Date } = {}) {
  const t = searchTexts;
  const [params, setParams] = useSearchParams();
  const categories = useCategories();
  const paramKey = params.toString();
  const { filters, ignored } = useMemo(() => {
    const link = new URLSearchParams(paramKey);
    // A period in the past is judged on the browser's clock (ADR 0047's amendments): the server
    // render keeps it, and leaves it out only once the API has refused it and the server's clock
    // also says past, so both render the notice and the results without the period.
    const now = clock ?? (typeof window === 'undefined' ? undefined : new Date());
    return { filters: filtersFromParams(link, categories, now), ignored: ignoredParams(link, now) };
  }, [paramKey, categories, clock]);
  // The same name the server's <title> gives (a search text or a category), so takeover keeps it.
  usePageTitle(searchPageName(filters, categories));
  const broken = ignored.filter((part): part is Exclude<IgnoredPart, 'pastPeriod'> => part !== 'pastPeriod');
  const results = useSearchResults(filters);
  const mapShown = useWideEnoughForMap();
  const { markers, onViewChange } = useMarkers(filters, mapShown);
  const points: MapPoint[] = useMemo(
    () =>
      markers.map((m) => ({
        id: m.id,
        title: m.title,
        imageUrl: m.imageUrl,
        priceDaily: m.priceDaily,
        periodPrice: m.periodPrice,
        periodUnits: m.periodUnits,
        paidLater: m.paidLater,
        lat: m.lat,
        lon: m.lon,
      })),
    [markers],
  );
  const signedIn = useSession((s) => s.status === 'signedIn');
  const [sharing, setSharing] = useState<SearchResultItem | null>(null);
  const tileUrl = useMemo(() => mapTileUrl(), []);

  // Stable while the address stands, as the memoised filter panel, map and cards need (a query's
  // change re-renders this page, not them). The same address again (a second 'Tühjenda') adds no
  // history entry.
  const apply = useCallback(
    (next: SearchFilters) => {
      const nextParams = paramsFromFilters(next);
      if (nextParams.toString() !== paramKey) setParams(nextParams);
    },
    [setParams, paramKey],
  );
  const hasPoint = filters.lat !== null && filters.lon !== null;
  const center = useMemo<[number, number] | undefined>(
    () => (filters.lat !== null && filters.lon !== null ? [filters.lat, filters.lon] : undefined),
    [filters.lat, filters.lon],
  );
  const renderCard = useCallback(
    (point: MapPoint, close: () => void) => <MarkerCard point={point} onClose={close} period={filters} />,
    [filters],
  );
  const total = results.status === 'ready' ? results.total : 0;
  const pages = pageCount(total);
  // The page the results are of: the link's, or the last when the link's is past the end.
  const page = results.status === 'ready' ? results.page : filters.page;

  return (
    // data-prerender: the server-rendered page (ADR 0041) gives way to this one when it renders.
    <Box maxW="1800px" mx="auto" w="100%" px={{ base: 3, md: 6 }} py={6} data-prerender="">
      <Heading as="h1" size="2xl" mb={4}>
        {t.title}
      </Heading>
      <Grid templateColumns={{ base: '1fr', lg: '320px 1fr' }} gap={6} alignItems="start">
        <FilterPanel
          filters={filters}
          categories={categories}
          onSearch={apply}
          refusal={results.status === 'error' && results.refused ? results.message : null}
        />
        <Box minW={0}>
          <Box mb={4}>
            <LazyMap
              points={points}
              label={t.mapLabel}
              tileUrl={tileUrl}
              center={center}
              zoom={hasPoint ? 10 : undefined}
              onViewChange={onViewChange}
              renderCard={renderCard}
            />
          </Box>
          {ignored.length > 0 ? (
            // A shared link's bad value is left out, never silently: the renter would take the
            // results for the period or prices the link named.
            <Text color="orange.700" role="alert" mb={3} data-testid="search-ignored">
              {[
                ...(ignored.includes('pastPeriod') ? [t.ignoredPastPeriod] : []),
                ...(broken.length > 0 ? [format(t.ignoredFromLink, { parts: broken.map((part) => IGNORED_NAMES[part]).join(', ') })] : []),
              ].join(' ')}
            </Text>
          ) : null}
          {results.status === 'ready' && results.pastEnd ? (
            // A page past the end shows the last one, and says so: the renter asked for another.
            <Text color="orange.700" role="status" mb={3} data-testid="search-past-end">
              {format(t.pastEndPage, { page: askedPage(paramKey), pages })}
            </Text>
          ) : null}
          <Flex justify="space-between" align="center" mb={3} gap={3} wrap="wrap">
            <Text data-testid="result-count">
              {results.status === 'ready' ? format(t.found, { count: results.capped ? `${total}+` : total }) : '\u00a0'}
            </Text>
            <NativeSelect.Root w="auto" minW="220px">
              <NativeSelect.Field
                aria-label={t.sortLabel}
                name="sort"
                value={filters.sort}
                onChange={(e) => apply({ ...filters, sort: e.target.value as SearchSort | '', page: 0 })}
              >
                <option value="">{filters.search ? t.sortRelevance : t.sortNewest}</option>
                <option value="CHEAP_FIRST">{t.sortCheapFirst}</option>
                <option value="CHEAP_LAST">{t.sortCheapLast}</option>
                <option value="CLOSE_KM" disabled={!hasPoint}>
                  {hasPoint ? t.sortCloseKm : t.sortCloseNeedsPlace}
                </option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Flex>
          {results.status === 'loading' ? (
            <Loader minH="120px" />
          ) : results.status === 'error' ? (
            // A refused period is said by its fields; only a failure is said here.
            results.refused ? null : (
              <Text color="red.600" role="alert">
                {messages.common.loadFailed}
              </Text>
            )
          ) : results.items.length === 0 ? (
            <Text py={10} textAlign="center" role="status" data-testid="no-results">
              {messages.common.productsNotFound}
            </Text>
          ) : (
            <>
              <SimpleGrid columns={{ base: 1, sm: 2, md: 3, lg: 4 }} gap={4} data-testid="results-grid">
                {results.items.map((item) => (
                  <ResultCard key={item.id} item={item} onShare={signedIn ? setSharing : undefined} period={filters} />
                ))}
              </SimpleGrid>
              {/* The star after a price means payment on return (spec section 3); say so once. */}
              {results.items.some((item) => item.paidLater) ? (
                <Text mt={3} fontSize="sm" color="gray.600" data-testid="paid-later-note">
                  {productTexts.paidLaterNote}
                </Text>
              ) : null}
            </>
          )}
          {results.status === 'ready' && pages > 1 ? (
            <Flex justify="center" align="center" gap={3} mt={6} as="nav" aria-label={format(t.pageOf, { page: page + 1, pages })}>
              <Button variant="outline" disabled={page === 0} onClick={() => apply({ ...filters, page: page - 1 })}>
                {t.prevPage}
              </Button>
              <Text>{format(t.pageOf, { page: page + 1, pages })}</Text>
              <Button variant="outline" disabled={page + 1 >= pages} onClick={() => apply({ ...filters, page: page + 1 })}>
                {t.nextPage}
              </Button>
            </Flex>
          ) : null}
        </Box>
      </Grid>
      <Suspense fallback={null}>
        {sharing ? <ShareDialog productId={sharing.id} title={sharing.title} open onClose={() => setSharing(null)} /> : null}
      </Suspense>
    </Box>
  );
}
