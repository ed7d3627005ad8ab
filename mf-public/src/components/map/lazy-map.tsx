import { lazy, memo, Suspense, useRef } from 'react';
import { Box, Loader, useNearView } from 'shared-kernel/ui';
import { MAP_MIN_SCREEN_PX } from './map-config';
import type { OlMapProps } from './map-types';
import { useWideEnoughForMap } from './use-wide-enough-for-map';
import { searchTexts } from '../../messages/search';

// A separate chunk: pages without a map (the front page) never download OpenLayers.
const OlMap = lazy(() => import(/* webpackChunkName: "ol-map" */ './ol-map'));

/**
 * The map, or nothing on very small screens (then OpenLayers is not even fetched). With
 * `whenNearView` OpenLayers (87 KB brotli) is fetched only when the map's box comes near the
 * viewport: the product page's map sits below the first screen (ADR 0023).
 */
// Memoised: the search page re-renders on every query change; the map's props are kept stable.
export const LazyMap = memo(function LazyMap({ whenNearView = false, ...props }: OlMapProps & { whenNearView?: boolean }) {
  const wide = useWideEnoughForMap();
  const box = useRef<HTMLDivElement>(null);
  const near = useNearView(box, { enabled: whenNearView && wide, rootMargin: '0px' });
  if (!wide) return null;
  const height = props.height ?? '480px';
  // The box holds the map's height before OpenLayers is asked for, so nothing moves when it comes.
  // On the server (ADR 0041) the map is only its box: OpenLayers is the browser's. There is no
  // screen to measure there, so the box hides itself where the browser would show no map.
  const onServer = typeof window === 'undefined';
  if (!near || onServer)
    return (
      <Box
        ref={box}
        h={height}
        w="100%"
        bg="#cfe3ef"
        borderRadius="md"
        data-testid="map-placeholder"
        css={onServer ? { [`@media (max-width: ${MAP_MIN_SCREEN_PX - 0.02}px)`]: { display: 'none' } } : undefined}
      />
    );
  return (
    <Suspense
      // The map's space is held at once (no layout shift); the text and spinner wait out the loader delay.
      fallback={<Loader h={height} w="100%" bg="#cfe3ef" borderRadius="md" spinnerSize="sm" label={searchTexts.mapLoading} showLabel />}
    >
      <OlMap {...props} />
    </Suspense>
  );
});
