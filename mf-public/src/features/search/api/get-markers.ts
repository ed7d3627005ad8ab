import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
// The schema's zod-free guard: a desktop's search page asks for the markers on its first load,
// when nothing else on it needs zod (issue 28).
import { MarkerListGuard, type MarkerList, type MarkerQuery } from 'shared-kernel/schemas';

export type MarkerRequest = Partial<MarkerQuery> & Pick<MarkerQuery, 'minLat' | 'minLon' | 'maxLat' | 'maxLon'>;

export function getMarkers(query: MarkerRequest, signal?: AbortSignal): Promise<MarkerList> {
  return getApi().get('/products/markers', { query: { ...query }, schema: MarkerListGuard, signal });
}

export function markersQueryOptions(query: MarkerRequest) {
  return queryOptions({
    queryKey: ['products', 'markers', query] as const,
    queryFn: ({ signal }) => getMarkers(query, signal),
  });
}
