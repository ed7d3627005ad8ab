import { messages } from 'shared-kernel/messages';
import { z } from 'shared-kernel/zod';
import { Euros } from './money';
import { searchPeriodKind, skippedTimeMessage } from './wall-clock';

export const SearchSort = z.enum(['CHEAP_FIRST', 'CHEAP_LAST', 'CLOSE_KM']);
export type SearchSort = z.infer<typeof SearchSort>;

/** Empty query values (`?name=`) count as "not given", as the search form sends them. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalNumber = (schema: z.ZodNumber) => z.preprocess(blankToUndefined, z.coerce.number().pipe(schema).optional());

const Lat = z.number().min(-90).max(90);
const Lon = z.number().min(-180).max(180);

const PeriodEnd = z.preprocess(blankToUndefined, z.string().trim().max(16).optional());
/** The largest price bound a search takes, whole euros. */
const SEARCH_PRICE_MAX_EUROS = 10_000_000;
/** Whole euros as a renter sees them (with VAT where it applies); one text for every way to get it wrong. */
const priceMessage = { message: messages.errors.search.priceWholeEuros };
const WholeEuros = z.preprocess(
  blankToUndefined,
  z.coerce
    .number(priceMessage)
    .pipe(z.number(priceMessage).int(priceMessage).min(0, priceMessage).max(SEARCH_PRICE_MAX_EUROS, priceMessage))
    .optional(),
);

/**
 * The dated and priced part of a search (issue 32, ADR 0047), for the list and the map alike:
 * `from` and `to` both dates (the whole days, Europe/Tallinn) or both wall-clock minutes the clock
 * shows that day (not 03:30 of the spring DST night); `minPrice` and `maxPrice` in whole euros, per day without a period and for the whole period with one. The
 * period's order, length, past and horizon are the booking's rules, judged by the API on its clock.
 */
const datedFields = { from: PeriodEnd, to: PeriodEnd, minPrice: WholeEuros, maxPrice: WholeEuros };

function checkDated(
  q: { from?: string; to?: string; minPrice?: number; maxPrice?: number },
  ctx: { addIssue(issue: { code: 'custom'; message: string; path: string[] }): void },
): void {
  const t = messages.errors.search;
  for (const key of ['from', 'to'] as const) {
    const value = q[key];
    if (value === undefined) continue;
    const kind = searchPeriodKind(value);
    if (kind === null) ctx.addIssue({ code: 'custom', message: t.periodFormat, path: [key] });
    // Read on, 03:30 of the spring DST night would be 04:30: a shifted search, or "start after end".
    const skipped = kind === 'hour' ? skippedTimeMessage(value) : undefined;
    if (skipped) ctx.addIssue({ code: 'custom', message: skipped, path: [key] });
  }
  if ((q.from === undefined) !== (q.to === undefined)) {
    ctx.addIssue({ code: 'custom', message: t.periodBoth, path: [q.from === undefined ? 'from' : 'to'] });
  } else if (q.from !== undefined && q.to !== undefined) {
    const [a, b] = [searchPeriodKind(q.from), searchPeriodKind(q.to)];
    if (a !== null && b !== null && a !== b) ctx.addIssue({ code: 'custom', message: t.periodKinds, path: ['to'] });
  }
  if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
    ctx.addIssue({ code: 'custom', message: t.priceOrder, path: ['minPrice'] });
  }
}

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
    ...datedFields,
  })
  .refine((q) => (q.lat === undefined) === (q.lon === undefined), { message: 'lat ja lon käivad koos', path: ['lat'] })
  .refine((q) => q.sort !== 'CLOSE_KM' || q.lat !== undefined, { message: 'Kauguse järgi sortimiseks on vaja asukohta', path: ['sort'] })
  .superRefine(checkDated);
export type ProductSearchQuery = z.infer<typeof ProductSearchQuery>;

/**
 * What a period price is for, as kernel `quoteRental` charges it: started hours on the hourly tier
 * (a same-day period of a product with an hourly price), otherwise days (`rentalSpan`'s days).
 */
export const PeriodUnits = z.object({ unit: z.enum(['hours', 'days']), count: z.number().int().positive() });
export type PeriodUnits = z.infer<typeof PeriodUnits>;

/**
 * One search hit. `displayPrice` is the daily price as search shows it: with VAT, whole euros.
 * `periodPrice` is, with a period, what the booking panel charges for it (kernel `quoteRental`,
 * rent only, no additional services); null without a period or without a price for it.
 */
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
  periodPrice: Euros.nullable(),
  /** What `periodPrice` is for; absent or null with it. */
  periodUnits: PeriodUnits.nullable().optional(),
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
    limit: z.coerce.number().int().min(1).max(20000).default(5000),
    /** The list's period and price range: the map shows what the list does. */
    ...datedFields,
  })
  .refine((q) => q.minLat <= q.maxLat && q.minLon <= q.maxLon, { message: 'Vigane kaardiala', path: ['minLat'] })
  .refine((q) => (q.lat === undefined) === (q.lon === undefined), { message: 'lat ja lon käivad koos', path: ['lat'] })
  .superRefine(checkDated);
export type MarkerQuery = z.infer<typeof MarkerQuery>;

export const MapMarker = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  /** With VAT, whole euros, as search shows prices. */
  priceDaily: Euros.int().nullable(),
  /** With a period, as `SearchResultItem.periodPrice` and `periodUnits`; absent or null otherwise. */
  periodPrice: Euros.nullable().optional(),
  periodUnits: PeriodUnits.nullable().optional(),
  /** True for a product paid on return (the card's star); absent otherwise, so thousands of markers stay light. */
  paidLater: z.literal(true).optional(),
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
