import { lazy, Suspense } from 'react';
import { Loader } from 'shared-kernel/ui';
import { ownerTexts } from '../../messages/et';
import type { PointMapProps } from './map-types';

// A separate chunk: OpenLayers is fetched only when the location step is shown.
const PointMap = lazy(() => import(/* webpackChunkName: "owner-point-map" */ './point-map'));

export function LazyPointMap(props: PointMapProps) {
  const height = props.height ?? '320px';
  return (
    <Suspense
      fallback={
        <Loader h={height} w="100%" bg="#cfe3ef" borderRadius="md" spinnerSize="sm" label={ownerTexts.wizard.mapLoading} showLabel />
      }
    >
      <PointMap {...props} />
    </Suspense>
  );
}
