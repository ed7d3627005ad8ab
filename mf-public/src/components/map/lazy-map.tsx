import { lazy, Suspense, useEffect, useState } from 'react';
import { Loader } from 'shared-kernel/ui';
import { MAP_MIN_SCREEN_PX } from './map-config';
import type { OlMapProps } from './map-types';
import { searchTexts } from '../../messages/search';

// A separate chunk: pages without a map (the front page) never download OpenLayers.
const OlMap = lazy(() => import(/* webpackChunkName: "ol-map" */ './ol-map'));

function useWideEnough(): boolean {
  const query = `(min-width: ${MAP_MIN_SCREEN_PX}px)`;
  const [wide, setWide] = useState(() => typeof window === 'undefined' || typeof window.matchMedia !== 'function' || window.matchMedia(query).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const onChange = () => setWide(list.matches);
    list.addEventListener?.('change', onChange);
    return () => list.removeEventListener?.('change', onChange);
  }, [query]);
  return wide;
}

/** The map, or nothing on very small screens (then OpenLayers is not even fetched). */
export function LazyMap(props: OlMapProps) {
  const wide = useWideEnough();
  if (!wide) return null;
  const height = props.height ?? '480px';
  return (
    <Suspense
      // The map's space is held at once (no layout shift); the text and spinner wait out the loader delay.
      fallback={<Loader h={height} w="100%" bg="#cfe3ef" borderRadius="md" spinnerSize="sm" label={searchTexts.mapLoading} showLabel />}
    >
      <OlMap {...props} />
    </Suspense>
  );
}
