import { sql, type SQL } from 'drizzle-orm';
import { searchPriceEuros } from 'shared-kernel/domain';
import type { Category, MapMarker, MarkerList, MarkerQuery, ProductSearchQuery, SearchResultItem } from 'shared-kernel/schemas';
import { queryRows, type Db } from '../db/database';
import { foldEstonian } from '../places/gazetteer';

/** The spec's Earth radius. earthdistance's own `earth()` is 6378.168 km, so distances are rescaled. */
export const SEARCH_EARTH_RADIUS_KM = 6371;

/**
 * The GIN trigram index answers `q <% name` with the session's word-similarity threshold; the
 * default 0.6 misses a dropped letter inside Estonian compounds ('hagis' in 'kastihaagis' is 0.5),
 * so candidates are fetched loosely and then kept by a folded similarity (õ/ö→o, ä→a, ü→u...).
 */
/** Totals are exact up to this many hits; beyond it the answer says "more than". */
export const SEARCH_COUNT_CAP = 1000;
const CANDIDATE_THRESHOLD = '0.3';
const KEEP_SIMILARITY = 0.4;

/** Same folding as `foldEstonian`, in SQL (translate() is immutable and exists everywhere). */
const foldSql = (expr: SQL) => sql`translate(lower(${expr}), 'õäöüšžÕÄÖÜŠŽ', 'oaouszoaousz')`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface SearchRow {
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

interface MarkerRow {
  id: number;
  name: string;
  lat: number;
  lon: number;
  price_daily_cents: number | null;
  allow_vat: boolean;
  image: string | null;
}

export class SearchRepository {
  private categoryCache: { at: number; list: Category[] } | null = null;

  constructor(
    private readonly db: Db,
    private readonly filesPublicPath: string,
  ) {}

  private async categories(): Promise<Category[]> {
    // Categories change only with a deploy; a short cache saves a round trip per keystroke.
    if (this.categoryCache && Date.now() - this.categoryCache.at < 60_000) return this.categoryCache.list;
    const list = await queryRows<{ id: number; name: string; parent_category_id: number | null }>(
      this.db,
      sql`select id, name, parent_category_id from categories`,
    );
    const mapped = list.map((c) => ({ id: c.id, name: c.name, parentCategoryId: c.parent_category_id }));
    this.categoryCache = { at: Date.now(), list: mapped };
    return mapped;
  }

  /** A parent category includes its children. */
  private async categoryIds(id: number): Promise<number[]> {
    const all = await this.categories();
    return [id, ...all.filter((c) => c.parentCategoryId === id).map((c) => c.id)];
  }

  /** Categories whose name contains the text ('haagis' → every trailer category), parents with their children. */
  private async categoriesNamed(text: string): Promise<number[]> {
    const q = foldEstonian(text);
    if (q.length < 4) return [];
    const all = await this.categories();
    const hit = new Set<number>();
    for (const c of all) {
      if (!foldEstonian(c.name).includes(q)) continue;
      hit.add(c.id);
      for (const child of all) if (child.parentCategoryId === c.id) hit.add(child.id);
    }
    return [...hit];
  }

  /**
   * Two tiers. `exact`: the text as a substring of the name (GIN trigram index answers ILIKE) or
   * a category named by it; cheap per row, ordered like an unfiltered list. `fuzzy` (only when
   * exact finds nothing): word similarity with typos and folded Estonian letters, ranked by it.
   * Ranking every substring hit by similarity cost ~40 µs a row on PGlite, too much for broad words.
   */
  private async nameCondition(name: string, mode: 'exact' | 'fuzzy'): Promise<{ where: SQL; relevance: SQL | null }> {
    const like = `%${escapeLike(name)}%`;
    const namedCategories = await this.categoriesNamed(name);
    const byCategory = namedCategories.length ? sql`p.category_id in (${sql.join(namedCategories.map((id) => sql`${id}`), sql`, `)})` : null;
    if (mode === 'exact') {
      return { where: byCategory ? sql`(p.name ilike ${like} or ${byCategory})` : sql`p.name ilike ${like}`, relevance: null };
    }
    const folded = foldEstonian(name);
    const candidates: SQL[] = [sql`${name} <% p.name`];
    if (folded !== name.toLocaleLowerCase('et')) candidates.push(sql`${folded} <% p.name`);
    const relevance = sql`word_similarity(${folded}, ${foldSql(sql`p.name`)})`;
    return { where: sql`(${sql.join(candidates, sql` or `)}) and ${relevance} >= ${KEEP_SIMILARITY}`, relevance };
  }

  async search(q: ProductSearchQuery): Promise<SearchResultItem[]> {
    const run = async (mode: 'exact' | 'fuzzy') => {
      const { query, count } = await this.searchQuery(q, mode);
      const go = async (db: Db) => {
        const rows = await queryRows<SearchRow>(db, query);
        // A short first page is the whole answer; only a full page needs the count.
        const total = q.page === 0 && rows.length < q.perPage ? rows.length : (await queryRows<{ n: number }>(db, count))[0].n;
        return { rows, total };
      };
      return mode === 'fuzzy' ? this.withLooseThreshold(go) : go(this.db);
    };
    let result = await run('exact');
    // Typo tolerance only when the plain text found nothing at all.
    if (q.name && result.total === 0) result = await run('fuzzy');
    return result.rows.map((r) => this.toItem(r, result.total));
  }

  /** Runs `work` in a transaction whose trigram threshold admits loose candidates (SET LOCAL, so pooled connections stay clean). */
  async withLooseThreshold<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${CANDIDATE_THRESHOLD}, true)`);
      return work(tx as unknown as Db);
    });
  }

  /** The search statement (public for the benchmark's EXPLAIN); `fuzzy` when it needs `withLooseThreshold`. */
  async searchQuery(q: ProductSearchQuery, mode: 'exact' | 'fuzzy' = 'exact'): Promise<{ query: SQL; count: SQL; fuzzy: boolean }> {
    const where: SQL[] = [sql`p.deleted = false`, sql`p.inactive_reason is null`];
    let relevance: SQL | null = null;
    if (q.name) {
      const cond = await this.nameCondition(q.name, mode);
      where.push(cond.where);
      relevance = cond.relevance;
    }
    if (q.category !== undefined) {
      const ids = await this.categoryIds(q.category);
      where.push(sql`p.category_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    }
    let distanceKm: SQL = sql`null::float8`;
    let nearest: SQL | null = null;
    if (q.lat !== undefined && q.lon !== undefined) {
      const origin = sql`ll_to_earth(${q.lat}::float8, ${q.lon}::float8)`;
      const point = sql`ll_to_earth(p.lat, p.lon)`;
      // cube's <-> (chord length) orders like the great-circle distance and lets the GiST index walk nearest-first.
      nearest = sql`${point} <-> ${origin}`;
      distanceKm = sql`(earth_distance(${origin}, ${point}) / earth() * ${SEARCH_EARTH_RADIUS_KM})`;
      where.push(sql`p.lat is not null and p.lon is not null`);
      if (q.distance !== undefined) {
        // Radius on earthdistance's own sphere, so earth_box can use the GiST index on ll_to_earth.
        const radius = sql`(${q.distance}::float8 / ${SEARCH_EARTH_RADIUS_KM} * earth())`;
        where.push(sql`earth_box(${origin}, ${radius}) @> ${point}`);
        where.push(sql`earth_distance(${origin}, ${point}) <= ${radius}`);
      }
    }
    const price = sql`round(p.price_daily_cents * (case when u.allow_vat then 1.2 else 1 end))`;
    const order: SQL =
      q.sort === 'CHEAP_FIRST'
        ? sql`sort_price asc nulls last, id asc`
        : q.sort === 'CHEAP_LAST'
          ? sql`sort_price desc nulls last, id asc`
          : q.sort === 'CLOSE_KM'
            ? sql`distance_km asc nulls last, id asc`
            : relevance
              ? sql`relevance desc, created_ts desc, id desc`
              : sql`created_ts desc, id desc`;
    // Inside, order by what an index can deliver, so the scan stops after one page.
    const innerOrder: SQL =
      q.sort === 'CLOSE_KM' && nearest
        ? nearest
        : q.sort === 'CHEAP_FIRST'
          ? sql`${price} asc nulls last, p.id asc`
          : q.sort === 'CHEAP_LAST'
            ? sql`${price} desc nulls last, p.id asc`
            : relevance
              ? sql`${relevance} desc, p.created_ts desc, p.id desc`
              : sql`p.created_ts desc, p.id desc`;
    const whereSql = sql.join(where, sql` and `);

    const query = sql`
      select h.*,
        (select i.file_name from product_images i where i.product_id = h.id order by i.sort_order, i.id limit 1) as image,
        (select avg(f.rating_halves) from feedback f where f.product_id = h.id) as rating_halves
      from (
        select p.id, p.name, p.description, p.lat, p.lon, p.location_description, p.category_id, p.user_id,
          p.paid_later, p.price_daily_cents, p.created_ts, u.allow_vat,
          ${price} as sort_price, ${distanceKm} as distance_km, ${relevance ?? sql`0`} as relevance
        from products p join users u on u.id = p.user_id
        where ${whereSql}
        order by ${innerOrder}
        limit ${q.perPage} offset ${q.page * q.perPage}
      ) h
      order by ${order}`;
    // Counting every hit of a broad word costs a scan of all of them; past the cap "more than" is enough.
    const count = sql`select count(*)::int as n from (select 1 from products p where ${whereSql} limit ${SEARCH_COUNT_CAP + 1}) c`;
    return { query, count, fuzzy: mode === 'fuzzy' };
  }

  private toItem(r: SearchRow, total: number): SearchResultItem {
    const priceDaily = r.price_daily_cents === null ? null : Number(r.price_daily_cents) / 100;
    const km = r.distance_km === null ? null : Number(r.distance_km);
    const halves = r.rating_halves === null ? null : Number(r.rating_halves);
    return {
      id: r.id,
      name: r.name,
      title: r.name,
      description: r.description,
      imageUrl: r.image ? `${this.filesPublicPath}/${r.image}` : null,
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
      loadedCount: Math.min(total, SEARCH_COUNT_CAP),
      loadedCountCapped: total > SEARCH_COUNT_CAP,
    };
  }

  async markers(q: MarkerQuery): Promise<MarkerList> {
    const where: SQL[] = [sql`p.deleted = false`, sql`p.inactive_reason is null`, sql`p.lat is not null and p.lon is not null`];
    // The GiST index knows circles, not lat/lon boxes: take the circle around the box, then trim.
    const centreLat = (q.minLat + q.maxLat) / 2;
    const centreLon = (q.minLon + q.maxLon) / 2;
    const corners: [number, number][] = [
      [q.minLat, q.minLon],
      [q.minLat, q.maxLon],
      [q.maxLat, q.minLon],
      [q.maxLat, q.maxLon],
    ];
    const rad = Math.PI / 180;
    const reachKm = Math.max(
      ...corners.map(([lat, lon]) => {
        const a = Math.sin(((lat - centreLat) * rad) / 2) ** 2 + Math.cos(lat * rad) * Math.cos(centreLat * rad) * Math.sin(((lon - centreLon) * rad) / 2) ** 2;
        return 2 * SEARCH_EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
      }),
    );
    const radius = sql`(${reachKm * 1.01 + 0.1}::float8 / ${SEARCH_EARTH_RADIUS_KM} * earth())`;
    where.push(sql`earth_box(ll_to_earth(${centreLat}::float8, ${centreLon}::float8), ${radius}) @> ll_to_earth(p.lat, p.lon)`);
    where.push(sql`p.lat between ${q.minLat} and ${q.maxLat} and p.lon between ${q.minLon} and ${q.maxLon}`);
    const nameWhere = q.name ? await this.nameCondition(q.name, 'exact') : null;
    if (q.category !== undefined) {
      const ids = await this.categoryIds(q.category);
      where.push(sql`p.category_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    }
    const query = (extra: SQL | null) => sql`
      select h.*, (select i.file_name from product_images i where i.product_id = h.id order by i.sort_order, i.id limit 1) as image
      from (
        select p.id, p.name, p.lat, p.lon, p.price_daily_cents, u.allow_vat
        from products p join users u on u.id = p.user_id
        where ${sql.join(extra ? [...where, extra] : where, sql` and `)}
        order by p.id
        limit ${q.limit + 1}
      ) h`;
    let rows = await queryRows<MarkerRow>(this.db, query(nameWhere?.where ?? null));
    if (rows.length === 0 && q.name) {
      const fuzzy = await this.nameCondition(q.name, 'fuzzy');
      rows = await this.withLooseThreshold((tx) => queryRows<MarkerRow>(tx, query(fuzzy.where)));
    }
    const truncated = rows.length > q.limit;
    const markers: MapMarker[] = rows.slice(0, q.limit).map((r) => ({
      id: r.id,
      title: r.name,
      imageUrl: r.image ? `${this.filesPublicPath}/${r.image}` : null,
      priceDaily: r.price_daily_cents === null ? null : searchPriceEuros(Number(r.price_daily_cents) / 100, r.allow_vat),
      location: `${r.lat},${r.lon}`,
      lat: r.lat,
      lon: r.lon,
    }));
    return { markers, truncated };
  }
}
