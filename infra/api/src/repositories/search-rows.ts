// The rows the search statements answer, as both drivers hand them (split from search-repository.ts, issue 26).

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
