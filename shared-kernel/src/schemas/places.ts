import { z } from 'shared-kernel/zod';

/** A settlement from the gazetteer shipped with the API (offline stand-in for In-ADS). */
export const Place = z.object({
  id: z.string(),
  name: z.string(),
  /** 'linn' | 'alev' | 'alevik' | 'küla' */
  kind: z.string(),
  county: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** "Name, County" as the place field shows it. */
  label: z.string(),
});
export type Place = z.infer<typeof Place>;
export const PlaceList = z.array(Place);
export type PlaceList = z.infer<typeof PlaceList>;

export const PlaceAutocompleteQuery = z.object({
  q: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export type PlaceAutocompleteQuery = z.infer<typeof PlaceAutocompleteQuery>;

export const PlaceIdParam = z.object({ id: z.string().regex(/^[a-z0-9-]{1,80}$/) });
export type PlaceIdParam = z.infer<typeof PlaceIdParam>;

export const ReverseGeocodeQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});
export type ReverseGeocodeQuery = z.infer<typeof ReverseGeocodeQuery>;

/** Nearest settlement and how far it is (km, one decimal). */
export const ReverseGeocodeResult = Place.extend({ distanceInKm: z.number() });
export type ReverseGeocodeResult = z.infer<typeof ReverseGeocodeResult>;
