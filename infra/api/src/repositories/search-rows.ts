// The rows the search statements answer, as both drivers hand them, and what the API makes of them
// (split from search-repository.ts, issue 26).
import { catalogPriceCents, GO_KART_PRODUCT_ID, tallinnDateOf, toCents } from 'shared-kernel/domain';
import { quoteRental } from 'shared-kernel/time';
import type { SearchPeriod } from '../lib/search-period';
import type { MapMarker, PeriodUnits, SearchResultItem } from 'shared-kernel/schemas';

/** What a renter pays today for a day, in cents (spec 9; ADR 0012). */
export const renterDayPriceCents = (netCents: number, ownerVatLiable: boolean) => catalogPriceCents(netCents, ownerVatLiable);
/** Search shows a renter's price in whole euros. */
export const shownEuros = (renterCents: number) => Math.round(renterCents / 100);
/** `today`: the Tallinn date the VAT is of, worked out once for a whole list (Intl per row cost more than the rest). */
const searchPriceEuros = (netEuros: number, ownerVatLiable: boolean, today: string) =>
  shownEuros(catalogPriceCents(toCents(netEuros), ownerVatLiable, today));

/** The tier prices of a row, cents, for the period price (kernel quoteRental). */
export interface TierRow {
  id: number;
  price_daily_cents: number | null;
  price_hour_cents: number | string | null;
  three_day_cents: number | string | null;
  a_week_cents: number | string | null;
  two_week_cents: number | string | null;
  month_cents: number | string | null;
  weekend_day_cents: number | string | null;
  allow_vat: boolean;
}

export interface SearchRow extends TierRow {
  name: string;
  description: string;
  lat: number | null;
  lon: number | null;
  location_description: string | null;
  category_id: number;
  user_id: number;
  paid_later: boolean;
  created_ts: Date | string;
  distance_km: number | string | null;
  image: string | null;
  rating_halves: number | string | null;
}

export interface MarkerRow extends TierRow {
  name: string;
  lat: number;
  lon: number;
  image: string | null;
  paid_later: boolean;
}

/** A hit as the result list shows it; `total` and `countCap` say how many were found; `periodPrice` null without a period. */
export function toSearchItem(
  r: SearchRow,
  total: number,
  filesPublicPath: string,
  countCap: number,
  forPeriod: PeriodQuote | null = null,
  today: string = tallinnDateOf(),
): SearchResultItem {
  const priceDaily = r.price_daily_cents === null ? null : Number(r.price_daily_cents) / 100;
  const km = r.distance_km === null ? null : Number(r.distance_km);
  const halves = r.rating_halves === null ? null : Number(r.rating_halves);
  return {
    id: r.id,
    name: r.name,
    title: r.name,
    description: r.description,
    imageUrl: r.image ? `${filesPublicPath}/${r.image}` : null,
    location: r.lat !== null && r.lon !== null ? `${r.lat},${r.lon}` : null,
    lat: r.lat,
    lon: r.lon,
    locationDescription: r.location_description,
    categoryId: r.category_id,
    userId: r.user_id,
    allowVat: r.allow_vat,
    paidLater: r.paid_later,
    priceDaily,
    displayPrice: priceDaily === null ? null : searchPriceEuros(priceDaily, r.allow_vat, today),
    periodPrice: forPeriod?.price ?? null,
    periodUnits: forPeriod?.units ?? null,
    rating: halves === null ? null : Math.round(halves) / 2,
    distanceInKm: km === null ? null : Math.round(km * 10) / 10,
    createdTs: new Date(r.created_ts).toISOString(),
    loadedCount: Math.min(total, countCap),
    loadedCountCapped: total > countCap,
  };
}

/** A marker row as the map shows it. */
/** `forPeriod`: undefined without a searched period (the marker stays light), null when the period has no price. */
export function toMapMarker(
  r: MarkerRow,
  filesPublicPath: string,
  forPeriod?: PeriodQuote | null,
  today: string = tallinnDateOf(),
): MapMarker {
  return {
    id: r.id,
    title: r.name,
    imageUrl: r.image ? `${filesPublicPath}/${r.image}` : null,
    priceDaily: r.price_daily_cents === null ? null : searchPriceEuros(Number(r.price_daily_cents) / 100, r.allow_vat, today),
    ...(forPeriod === undefined ? {} : { periodPrice: forPeriod?.price ?? null, periodUnits: forPeriod?.units ?? null }),
    ...(r.paid_later ? { paidLater: true as const } : {}),
    location: `${r.lat},${r.lon}`,
    lat: r.lat,
    lon: r.lon,
  };
}

/** A period's price in euros and what it is for (hours or days, as the quote's tier counts them). */
export interface PeriodQuote {
  price: number;
  units: PeriodUnits;
}

/** What the booking panel charges for the period (kernel quoteRental, rent only); null without one. */
export function periodPriceOf(r: TierRow, period: SearchPeriod | null): PeriodQuote | null {
  if (!period || r.id === GO_KART_PRODUCT_ID) return null;
  const cents = (v: number | string | null) => (v === null ? null : Number(v));
  const quote = quoteRental({
    prices: {
      hourCents: cents(r.price_hour_cents),
      dayCents: cents(r.price_daily_cents),
      threeDayCents: cents(r.three_day_cents),
      weekCents: cents(r.a_week_cents),
      twoWeekCents: cents(r.two_week_cents),
      monthCents: cents(r.month_cents),
      weekendDayCents: cents(r.weekend_day_cents),
    },
    startMs: period.startMs,
    endMs: period.endMs,
    span: period.span,
    ownerVatLiable: r.allow_vat,
  });
  if (!quote) return null;
  return { price: quote.totalCents / 100, units: { unit: quote.rental.tier === 'hour' ? 'hours' : 'days', count: quote.rental.units } };
}

type Cents = number | null;
/** The markers' rows as `json_agg` of arrays returns them (one text, parsed once: fast for thousands). */
export function markerRowsFromJson(markers: string | null): MarkerRow[] {
  const list = (markers === null ? [] : JSON.parse(markers)) as [
    number,
    string,
    number,
    number,
    Cents,
    boolean,
    string | null,
    Cents,
    Cents,
    Cents,
    Cents,
    Cents,
    Cents,
    boolean,
  ][];
  return list.map(([id, name, lat, lon, cents, allowVat, image, hour, threeDay, week, twoWeek, month, weekendDay, paidLater]) => ({
    id,
    name,
    lat,
    lon,
    price_daily_cents: cents,
    allow_vat: allowVat,
    image,
    price_hour_cents: hour,
    three_day_cents: threeDay,
    a_week_cents: week,
    two_week_cents: twoWeek,
    month_cents: month,
    weekend_day_cents: weekendDay,
    paid_later: paidLater,
  }));
}
