// The rows the search statements answer, as both drivers hand them, and what the API makes of them
// (split from search-repository.ts, issue 26).
import { catalogPriceCents, toCents } from 'shared-kernel/domain';
import type { MapMarker, SearchResultItem } from 'shared-kernel/schemas';

/** What a renter pays today for a day, in cents (spec 9; ADR 0012). */
export const renterDayPriceCents = (netCents: number, ownerVatLiable: boolean) => catalogPriceCents(netCents, ownerVatLiable);
/** Search shows a renter's price in whole euros. */
export const shownEuros = (renterCents: number) => Math.round(renterCents / 100);
const searchPriceEuros = (netEuros: number, ownerVatLiable: boolean) => shownEuros(renterDayPriceCents(toCents(netEuros), ownerVatLiable));

export interface SearchRow {
  id: number;
  name: string;
  description: string;
  lat: number | null;
  lon: number | null;
  location_description: string | null;
  category_id: number;
  user_id: number;
  paid_later: boolean;
  price_daily_cents: number | null;
  created_ts: Date | string;
  allow_vat: boolean;
  distance_km: number | string | null;
  image: string | null;
  rating_halves: number | string | null;
}

export interface MarkerRow {
  id: number;
  name: string;
  lat: number;
  lon: number;
  price_daily_cents: number | null;
  allow_vat: boolean;
  image: string | null;
}

/** A hit as the result list shows it; `total` and `countCap` say how many were found. */
export function toSearchItem(r: SearchRow, total: number, filesPublicPath: string, countCap: number): SearchResultItem {
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
    displayPrice: priceDaily === null ? null : searchPriceEuros(priceDaily, r.allow_vat),
    rating: halves === null ? null : Math.round(halves) / 2,
    distanceInKm: km === null ? null : Math.round(km * 10) / 10,
    createdTs: new Date(r.created_ts).toISOString(),
    loadedCount: Math.min(total, countCap),
    loadedCountCapped: total > countCap,
  };
}

/** A marker row as the map shows it. */
export function toMapMarker(r: MarkerRow, filesPublicPath: string): MapMarker {
  return {
    id: r.id,
    title: r.name,
    imageUrl: r.image ? `${filesPublicPath}/${r.image}` : null,
    priceDaily: r.price_daily_cents === null ? null : searchPriceEuros(Number(r.price_daily_cents) / 100, r.allow_vat),
    location: `${r.lat},${r.lon}`,
    lat: r.lat,
    lon: r.lon,
  };
}
