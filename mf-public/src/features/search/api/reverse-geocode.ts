import { queryOptions } from '@tanstack/react-query';
import type { ReverseGeocodeResult } from 'shared-kernel/schemas';
import { requestWithLazySchema } from '../../../lib/api/request-with-lazy-schema';

export function reverseGeocode(lat: number, lon: number, signal?: AbortSignal): Promise<ReverseGeocodeResult> {
  return requestWithLazySchema('get', '/places/reverse', () => import('shared-kernel/schemas').then((m) => m.ReverseGeocodeResult), {
    query: { lat, lon },
    signal,
  });
}

export function reverseGeocodeQueryOptions(lat: number, lon: number) {
  return queryOptions({
    queryKey: ['places', 'reverse', lat, lon] as const,
    queryFn: ({ signal }) => reverseGeocode(lat, lon, signal),
    staleTime: Infinity,
  });
}
