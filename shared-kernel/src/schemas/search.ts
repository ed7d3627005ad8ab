import { z } from 'shared-kernel/zod';
import { Euros } from './money';

export const SearchSort = z.enum(['CHEAP_FIRST', 'CHEAP_LAST', 'CLOSE_KM']);
export type SearchSort = z.infer<typeof SearchSort>;

/** Empty query values (`?name=`) count as "not given", as the search form sends them. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalNumber = (schema: z.ZodNumber) => z.preprocess(blankToUndefined, z.coerce.number().pipe(schema).optional());

const Lat = z.number().min(-90).max(90);

/**
 * A search period's bound (issue 32): `YYYY-MM-DD` (day mode) or `YYYY-MM-DDTHH:mm` Tallinn wall
 * clock (hour mode). Whether it is bookable at all (past, too far ahead, too long) is the API's.
 */
const PeriodBound = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/)
    .optional(),
);
/** Whole euros of the renter-visible price: per day without a period, for the whole period with one. */
const PriceBound = optionalNumber(z.number().int().min(0).max(1_000_000));
const Lon = z.number().min(-180).max(180);

/** `GET /products/search`. `distance` is in kilometres and only applies with both lat and lon. */
export const ProductSearchQuery = z
  .object({
    name: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    category: optionalNumber(z.number().int().positive().max(2147483647)),
    lat: optionalNumber(Lat),
    lon: optionalNumber(Lon),
    distance: optionalNumber(z.number().positive().max(2000)),
    page: z.coerce.number().int().min(0).max(10000).default(0),
    perPage: z.coerce.number().int().min(1).max(100).default(20),
    sort: z.preprocess(blankToUndefined, SearchSort.optional()),
    from: PeriodBound,
    to: PeriodBound,
    minPrice: PriceBound,
    maxPrice: PriceBound,
  })
  .refine((q) => (q.lat === undefined) === (q.lon === undefined), { message: 'lat ja lon käivad koos', path: ['lat'] })
  .refine((q) => q.sort !== 'CLOSE_KM' || q.lat !== undefined, { message: 'Kauguse järgi sortimiseks on vaja asukohta', path: ['sort'] });
export type ProductSearchQuery = z.infer<typeof ProductSearchQuery>;

/** One search hit. `displayPrice` is the daily price as search shows it: with VAT, whole euros. */
export const SearchResultItem = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  /** Text point "lat,lon". */
  location: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  locationDescription: z.string().nullable(),
  categoryId: z.number().int(),
  userId: z.number().int(),
  allowVat: z.boolean(),
  paidLater: z.boolean(),
  /** Euros as the owner entered it. */
  priceDaily: Euros.nullable(),
  displayPrice: Euros.int().nullable(),
  /** Euros: the renter's total for the searched period as the booking panel prices it; null without a period. */
  periodPrice: z.number().nullable(),
  rating: z.number().nullable(),
  /** One decimal, great-circle on a 6371 km sphere; null without a search location. */
  distanceInKm: z.number().nullable(),
  createdTs: z.string(),
  /** Total number of hits (same on every item), exact up to 1000. */
  loadedCount: z.number().int(),
  /** True when there were more than `loadedCount` hits (the count stops at 1000). */
  loadedCountCapped: z.boolean(),
});
export type SearchResultItem = z.infer<typeof SearchResultItem>;
export const SearchResultList = z.array(SearchResultItem);
export type SearchResultList = z.infer<typeof SearchResultList>;

/** `GET /products/markers`: the map's bounding box plus the same text/category filters. */
export const MarkerQuery = z
  .object({
    minLat: z.coerce.number().pipe(Lat),
    minLon: z.coerce.number().pipe(Lon),
    maxLat: z.coerce.number().pipe(Lat),
    maxLon: z.coerce.number().pipe(Lon),
    name: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    category: optionalNumber(z.number().int().positive().max(2147483647)),
    /** The search's own circle (as in `ProductSearchQuery`): markers outside it are left out. */
    lat: optionalNumber(Lat),
    lon: optionalNumber(Lon),
    distance: optionalNumber(z.number().positive().max(2000)),
    from: PeriodBound,
    to: PeriodBound,
    minPrice: PriceBound,
    maxPrice: PriceBound,
    limit: z.coerce.number().int().min(1).max(20000).default(5000),
  })
  .refine((q) => q.minLat <= q.maxLat && q.minLon <= q.maxLon, { message: 'Vigane kaardiala', path: ['minLat'] })
  .refine((q) => (q.lat === undefined) === (q.lon === undefined), { message: 'lat ja lon käivad koos', path: ['lat'] });
export type MarkerQuery = z.infer<typeof MarkerQuery>;

export const MapMarker = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  /** With VAT, whole euros, as search shows prices. */
  priceDaily: Euros.int().nullable(),
  location: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type MapMarker = z.infer<typeof MapMarker>;

export const MarkerList = z.object({
  markers: z.array(MapMarker),
  /** True when the box held more products than `limit`; the map then asks again when zoomed in. */
  truncated: z.boolean(),
});
export type MarkerList = z.infer<typeof MarkerList>;
