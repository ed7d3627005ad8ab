import { getApi } from 'shared-kernel/api';
import { ReverseGeocodeResult } from 'shared-kernel/schemas';

export function reverseGeocode(lat: number, lon: number, signal?: AbortSignal): Promise<ReverseGeocodeResult> {
  return getApi().get('/places/reverse', { query: { lat, lon }, schema: ReverseGeocodeResult, signal });
}
