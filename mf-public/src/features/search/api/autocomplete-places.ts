import { getApi } from 'shared-kernel/api';
import { PlaceList, type Place } from 'shared-kernel/schemas';

export function autocompletePlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  return getApi().get('/places/autocomplete', { query: { q, limit: 8 }, schema: PlaceList, signal });
}
