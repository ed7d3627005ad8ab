import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { MarkerList, type MarkerQuery } from 'shared-kernel/schemas';

export type MarkerRequest = Partial<MarkerQuery> & Pick<MarkerQuery, 'minLat' | 'minLon' | 'maxLat' | 'maxLon'>;

export function getMarkers(query: MarkerRequest, signal?: AbortSignal): Promise<MarkerList> {
  return getApi().get('/products/markers', { query: { ...query }, schema: MarkerList, signal });
}

export function markersQueryOptions(query: MarkerRequest) {
  return queryOptions({
    queryKey: ['products', 'markers', query] as const,
    queryFn: ({ signal }) => getMarkers(query, signal),
  });
}
