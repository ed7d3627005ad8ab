import { queryOptions } from '@tanstack/react-query';
import type { Place } from 'shared-kernel/schemas';
import { requestWithLazySchema } from '../../../lib/api/request-with-lazy-schema';

export function autocompletePlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  return requestWithLazySchema('get', '/places/autocomplete', () => import('shared-kernel/schemas').then((m) => m.PlaceList), {
    query: { q, limit: 8 },
    signal,
  });
}

/** The gazetteer barely changes: an answer for a text is good for the whole visit. */
export function placesQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['places', 'autocomplete', q] as const,
    queryFn: ({ signal }) => autocompletePlaces(q, signal),
    staleTime: Infinity,
  });
}
