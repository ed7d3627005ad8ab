import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { ReverseGeocodeResult } from 'shared-kernel/schemas';

/** `GET /places/reverse?lat=&lon=`: the nearest settlement, for the text of a point picked on the map. */
export function reverseGeocode(lat: number, lon: number, signal?: AbortSignal): Promise<ReverseGeocodeResult> {
  return getApi().get('/places/reverse', { query: { lat, lon }, schema: ReverseGeocodeResult, signal });
}

export function reverseGeocodeQueryOptions(lat: number, lon: number) {
  return queryOptions({
    queryKey: ['places', 'reverse', lat, lon] as const,
    queryFn: ({ signal }) => reverseGeocode(lat, lon, signal),
    staleTime: Infinity,
  });
}
