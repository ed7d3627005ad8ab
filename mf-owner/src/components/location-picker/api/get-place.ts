import { queryOptions } from '@tanstack/react-query';
import { getApi } from 'shared-kernel/api';
import { Place } from 'shared-kernel/schemas';

/** `GET /places/{id}`: the chosen suggestion's point. */
export function getPlace(id: string, signal?: AbortSignal): Promise<Place> {
  return getApi().get(`/places/${encodeURIComponent(id)}`, { schema: Place, signal });
}

export function placeQueryOptions(id: string) {
  return queryOptions({ queryKey: ['places', 'one', id] as const, queryFn: ({ signal }) => getPlace(id, signal), staleTime: Infinity });
}
