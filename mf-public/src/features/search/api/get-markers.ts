import { queryOptions } from '@tanstack/react-query';
import type { MarkerList, MarkerQuery } from 'shared-kernel/schemas';
import { requestWithLazySchema } from '../../../lib/api/request-with-lazy-schema';

export type MarkerRequest = Partial<MarkerQuery> & Pick<MarkerQuery, 'minLat' | 'minLon' | 'maxLat' | 'maxLon'>;

export function getMarkers(query: MarkerRequest, signal?: AbortSignal): Promise<MarkerList> {
  return requestWithLazySchema('get', '/products/markers', () => import('shared-kernel/schemas').then((m) => m.MarkerList), {
    query: { ...query },
    signal,
  });
}

export function markersQueryOptions(query: MarkerRequest) {
  return queryOptions({
    queryKey: ['products', 'markers', query] as const,
    queryFn: ({ signal }) => getMarkers(query, signal),
  });
}
