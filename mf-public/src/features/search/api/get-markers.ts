import { getApi } from 'shared-kernel/api';
import { MarkerList, type MarkerQuery } from 'shared-kernel/schemas';

export function getMarkers(query: Partial<MarkerQuery> & Pick<MarkerQuery, 'minLat' | 'minLon' | 'maxLat' | 'maxLon'>, signal?: AbortSignal): Promise<MarkerList> {
  return getApi().get('/products/markers', { query: { ...query }, schema: MarkerList, signal });
}
