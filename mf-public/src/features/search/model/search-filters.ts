import { searchPeriodKind, skippedTimeMessage, type Category, type SearchSort } from 'shared-kernel/schemas';
import type { SearchRequest } from '../api/search-products';
import { tallinnNow, tallinnToday } from '../../../components/period/period-form';

/** Results per page: five rows of the widest (4-column) grid. */
export const PER_PAGE = 20;
export const DISTANCE_OPTIONS_KM = [5, 10, 25, 50, 100, 200] as const;
export const DEFAULT_DISTANCE_KM = 50;

export interface SearchFilters {
  search: string;
  /** Top-level category. */
  cat: number | null;
  /** Child of `cat`. */
  sub: number | null;
  place: string;
  lat: number | null;
  lon: number | null;
  dist: number | null;
  sort: SearchSort | '';
  /** The page's index from 0, as the API counts; the URL's `page` counts from 1 as the label does (see `pageParam`). */
  page: number;
  /**
   * The period (issue 32), both or neither: `YYYY-MM-DD` days or `YYYY-MM-DDTHH:mm` Tallinn hours,
   * '' when none. Whether it is bookable is the API's to say (its 400 shows by the fields).
   */
  from: string;
  to: string;
  /** Whole euros the renter sees: per day without a period, for the whole period with one. */
  minPrice: number | null;
  maxPrice: number | null;
}

export const EMPTY_FILTERS: SearchFilters = {
  search: '',
  cat: null,
  sub: null,
  place: '',
  lat: null,
  lon: null,
  dist: null,
  sort: '',
  page: 0,
  from: '',
  to: '',
  minPrice: null,
  maxPrice: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const HOUR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
/** The largest price bound the API takes. */
export const MAX_PRICE_EUROS = 1_000_000;

/** Day or hour mode of a period; null when the two bounds are not one of the two forms. */
export function periodMode(from: string, to: string): 'days' | 'hours' | null {
  if (DAY.test(from) && DAY.test(to)) return 'days';
  if (HOUR.test(from) && HOUR.test(to)) return 'hours';
  return null;
}

/** The period as `from`/`to` query values, for the links to the product page: empty without one. */
export function periodParams(f: Pick<SearchFilters, 'from' | 'to'>): URLSearchParams {
  const p = new URLSearchParams();
  if (periodMode(f.from, f.to)) {
    p.set('from', f.from);
    p.set('to', f.to);
  }
  return p;
}

const int = (v: string | null) => {
  if (v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};
const num = (v: string | null, min: number, max: number) => {
  if (v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
};
const SORTS: SearchSort[] = ['CHEAP_FIRST', 'CHEAP_LAST', 'CLOSE_KM'];

/** A part of a link that could not be searched by and was left out. */
export type IgnoredPart = 'period' | 'pastPeriod' | 'minPrice' | 'maxPrice' | 'category' | 'sort' | 'page';

/** Pages a link may ask for (the API's own bound on `page`). */
const MAX_PAGE = 10000;

/**
 * The URL's `page` (from 1, as 'Leht 2 / 13' says; none on the first page) as the index the API
 * takes. `page=0`, what links made before the URL counted from 1 had for the first page, is the
 * first page; anything not a whole number is left out and said so.
 */
function pageParam(params: URLSearchParams): { page: number; bad: boolean } {
  const raw = (params.get('page') ?? '').trim();
  if (raw === '' || raw === '0') return { page: 0, bad: false };
  const n = int(raw);
  return n === null ? { page: 0, bad: true } : { page: Math.min(n, MAX_PAGE + 1) - 1, bad: false };
}

/**
 * The page a link asks for as it names it (from 1), for saying that it is past the end: the index
 * the search takes stops at the API's bound, the link's number does not.
 */
export function askedPage(query: string): number {
  const raw = (new URLSearchParams(query).get('page') ?? '').trim();
  // Digits only, as a page number is written: `Number` would read 1e30 and print it as 1e+30.
  return /^\d{1,9}$/.test(raw) ? Number(raw) : 1;
}

/**
 * Whether a period starts in the past on the browser's clock in Tallinn: day mode a `from` before
 * today (today itself is bookable), hour mode a start before now.
 */
function inPast(from: string, mode: 'days' | 'hours', now: Date): boolean {
  return mode === 'days' ? from < tallinnToday(now) : from < tallinnNow(now);
}

/**
 * The period and price range of a URL, and the parts of them that were given but left out: a
 * date or time that does not exist, half a period, mixed modes, an end before the start, a price
 * that is no whole euros, a range upside down. What needs no clock is judged alike by server and
 * browser; a period in the past only when `now` is given (the browser's clock, see SearchPage);
 * one too long or too far ahead is the API's to refuse.
 */
function readDated(
  params: URLSearchParams,
  now: Date | undefined,
): Pick<SearchFilters, 'from' | 'to' | 'minPrice' | 'maxPrice'> & { ignored: IgnoredPart[] } {
  const ignored: IgnoredPart[] = [];
  const given = (key: string) => (params.get(key) ?? '').trim() !== '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const mode = periodMode(from, to);
  // An hour the spring clock change skips (03:30 on 28.03.2027) is no time in Tallinn: the API
  // refuses it, so a link carrying one searches without its period and says so.
  const exists = (end: string) => searchPeriodKind(end) !== null && (mode !== 'hours' || skippedTimeMessage(end) === undefined);
  const real = mode !== null && exists(from) && exists(to);
  const ordered = mode === 'days' ? to >= from : to > from;
  const past = real && ordered && now !== undefined && inPast(from, mode, now);
  const hasPeriod = real && ordered && !past;
  // A past period is no broken value: the renter is told it is over, not that the link is wrong.
  if (past) ignored.push('pastPeriod');
  else if (!hasPeriod && (given('from') || given('to'))) ignored.push('period');
  const price = (key: 'minPrice' | 'maxPrice') => {
    const n = num(params.get(key), 0, MAX_PRICE_EUROS);
    const whole = n !== null && Number.isInteger(n) ? n : null;
    if (whole === null && given(key)) ignored.push(key);
    return whole;
  };
  let minPrice = price('minPrice');
  let maxPrice = price('maxPrice');
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    ignored.push('minPrice', 'maxPrice');
    [minPrice, maxPrice] = [null, null];
  }
  return { from: hasPeriod ? from : '', to: hasPeriod ? to : '', minPrice, maxPrice, ignored };
}

/**
 * The URL is the search state (`search` and `cat` as the spec names them; the rest ours), so a
 * search can be shared and the back button works. A `cat` that is a child category is read as
 * its parent plus that subcategory. `ignored` names what a shared link gave but the search left out.
 */
function readLink(
  params: URLSearchParams,
  categories: Category[],
  now: Date | undefined,
): { filters: SearchFilters; ignored: IgnoredPart[] } {
  const given = (key: string) => (params.get(key) ?? '').trim() !== '';
  let cat = int(params.get('cat'));
  let sub = int(params.get('sub'));
  const badCategory = (cat === null && given('cat')) || (sub === null && given('sub'));
  const chosen = categories.find((c) => c.id === cat);
  if (chosen && chosen.parentCategoryId !== null) {
    sub = chosen.id;
    cat = chosen.parentCategoryId;
  }
  const lat = num(params.get('lat'), -90, 90);
  const lon = num(params.get('lon'), -180, 180);
  const hasPoint = lat !== null && lon !== null;
  const sortParam = params.get('sort') as SearchSort | null;
  const sort = sortParam && SORTS.includes(sortParam) && (sortParam !== 'CLOSE_KM' || hasPoint) ? sortParam : '';
  const { from, to, minPrice, maxPrice, ignored } = readDated(params, now);
  if (badCategory) ignored.push('category');
  if (sort === '' && given('sort')) ignored.push('sort');
  const page = pageParam(params);
  if (page.bad) ignored.push('page');
  const filters: SearchFilters = {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    cat,
    sub,
    place: hasPoint ? (params.get('place') ?? '').slice(0, 100) : '',
    lat: hasPoint ? lat : null,
    lon: hasPoint ? lon : null,
    dist: hasPoint ? num(params.get('dist'), 1, 2000) : null,
    sort,
    page: page.page,
    from,
    to,
    minPrice,
    maxPrice,
  };
  return { filters, ignored };
}

/** The search state of a URL; `now` (the browser's clock) also leaves out a period in the past. */
export function filtersFromParams(params: URLSearchParams, categories: Category[] = [], now?: Date): SearchFilters {
  return readLink(params, categories, now).filters;
}

/** What of a shared link the search leaves out, for the notice above the results. */
export function ignoredParams(params: URLSearchParams, now?: Date): IgnoredPart[] {
  return readLink(params, [], now).ignored;
}

export function paramsFromFilters(f: SearchFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.search.trim()) p.set('search', f.search.trim());
  if (f.cat !== null) p.set('cat', String(f.cat));
  if (f.sub !== null) p.set('sub', String(f.sub));
  if (f.lat !== null && f.lon !== null) {
    p.set('lat', f.lat.toFixed(5));
    p.set('lon', f.lon.toFixed(5));
    if (f.place) p.set('place', f.place);
    if (f.dist !== null) p.set('dist', String(f.dist));
  }
  for (const [key, value] of periodParams(f)) p.set(key, value);
  if (f.minPrice !== null) p.set('minPrice', String(f.minPrice));
  if (f.maxPrice !== null) p.set('maxPrice', String(f.maxPrice));
  if (f.sort) p.set('sort', f.sort);
  if (f.page > 0) p.set('page', String(f.page + 1));
  return p;
}

/** The API query: the subcategory when chosen, else the parent (the server adds its children). */
export function apiQuery(f: SearchFilters): SearchRequest {
  const hasPoint = f.lat !== null && f.lon !== null;
  return {
    name: f.search.trim() || undefined,
    category: f.sub ?? f.cat ?? undefined,
    lat: hasPoint ? (f.lat as number) : undefined,
    lon: hasPoint ? (f.lon as number) : undefined,
    distance: hasPoint && f.dist !== null ? f.dist : undefined,
    sort: f.sort || undefined,
    ...(periodMode(f.from, f.to) ? { from: f.from, to: f.to } : {}),
    ...(f.minPrice !== null ? { minPrice: f.minPrice } : {}),
    ...(f.maxPrice !== null ? { maxPrice: f.maxPrice } : {}),
    page: f.page,
    perPage: PER_PAGE,
  };
}

/**
 * Spec: pressing search with no text, category or subcategory shows 'Vali kategooria'. A period or
 * a price range is a criterion too (ADR 0047's amendment): "what is free on Saturday" is a search.
 */
export function hasSearchCriteria(f: SearchFilters): boolean {
  const dated = periodMode(f.from, f.to) !== null || f.minPrice !== null || f.maxPrice !== null;
  return f.search.trim() !== '' || f.cat !== null || f.sub !== null || dated;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PER_PAGE));
}
