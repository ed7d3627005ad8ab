import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { PlaceList, type Place } from 'shared-kernel/schemas';

/** `GET /places/autocomplete?q=`: gazetteer suggestions for the typed text. */
export function autocompletePlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  return getApi().get('/places/autocomplete', { query: { q, limit: 8 }, schema: PlaceList, signal });
}

export function placesQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['places', 'autocomplete', q] as const,
    queryFn: ({ signal }) => autocompletePlaces(q, signal),
    staleTime: Infinity,
  });
}
