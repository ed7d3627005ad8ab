import { sql, type SQL } from 'drizzle-orm';
import { tallinnDateOf } from 'shared-kernel/domain';
import type { Category, MarkerList, MarkerQuery, ProductSearchQuery, SearchResultItem } from 'shared-kernel/schemas';
import { queryRows, type Db } from '../db/database';
import { withTransaction } from '../db/transaction';
import type { SearchPeriod } from '../lib/search-period';
import { dayRateFloorSql, ownerVatLiable, periodFree, periodPriceCentsSql, priceRange, readBusyProducts } from './search-period-sql';
import {
  circle,
  fractionBetween,
  greatCircleKm,
  numberArray,
  rectangleEarthBox,
  WIDE_CIRCLE_PRODUCTS,
  type Circle,
  type ColumnStats,
} from './search-geometry';
import { inCategories, nameMatch, type NameMatch } from './search-name-match';
import { markerRowsFromJson, periodPriceOf, toMapMarker, toSearchItem, type MarkerRow, type SearchRow } from './search-rows';

export {
  circleBounds,
  fractionBetween,
  rectangleEarthBounds,
  SEARCH_EARTH_RADIUS_KM,
  WIDE_CIRCLE_PRODUCTS,
  type ColumnStats,
} from './search-geometry';
export { withoutContainedWords } from './search-words';

/** Totals are exact up to this many hits; beyond it the answer says "more than". */
export const SEARCH_COUNT_CAP = 1000;

/** The filters the result list and the map markers share. */
type SearchFilters = Pick<ProductSearchQuery, 'name' | 'category' | 'lat' | 'lon' | 'distance' | 'from' | 'to' | 'minPrice' | 'maxPrice'>;

export interface SearchPlan {
  /** Counts the hits up to the cap + 1 and, when that is all of them, the page's ids among them (else one row, id null). */
  hits: SQL;
  /** The page straight from the table in sort order, for when the hits are over the cap. */
  page: SQL;
  /** Cheapest first over whole days: the top price (`bound`) of the first page-ends' worth (`n`) by day-rate floor (ADR 0047). */
  priceBound: SQL | null;
  boundedPage: (boundCents: number) => SQL;
  /** The page's rows by id, for when the hits are all of them. */
  details: (ids: number[]) => SQL;
}

export class SearchRepository {
  private categoryCache: { at: number; list: Category[] } | null = null;
  private statsCache: { at: number; stats: { rows: number; lat: ColumnStats; lon: ColumnStats } | null } | null = null;

  /** Totals are exact up to this many hits. */
  private readonly countCap: number;
  /** A circle whose box holds more products than this is wide. */
  private readonly wideCircleProducts: number;
  /** How thousands of markers travel: PGlite reads one JSON value far faster than row by row; node-postgres the other way round. */
  private readonly markerRows: 'json' | 'rows';

  /** countCap and wideCircleProducts exist for tests, which reach those paths with a few hundred products. */
  constructor(
    private readonly db: Db,
    private readonly filesPublicPath: string,
    options: { countCap?: number; wideCircleProducts?: number; markerRows?: 'json' | 'rows' } = {},
  ) {
    this.countCap = options.countCap ?? SEARCH_COUNT_CAP;
    this.wideCircleProducts = options.wideCircleProducts ?? WIDE_CIRCLE_PRODUCTS;
    this.markerRows = options.markerRows ?? 'json';
  }

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

  /** The planner's statistics of products.lat and .lon (null before the first ANALYZE); a minute's cache, like the categories. */
  private async locationStats(): Promise<{ rows: number; lat: ColumnStats; lon: ColumnStats } | null> {
    if (this.statsCache && Date.now() - this.statsCache.at < 60_000) return this.statsCache.stats;
    const rows = await queryRows<{
      attname: string;
      null_frac: number | string;
      mcv: string | null;
      mcf: string | null;
      hist: string | null;
      reltuples: number | string;
    }>(
      this.db,
      sql`select s.attname, s.null_frac, s.most_common_vals::text as mcv, s.most_common_freqs::text as mcf, s.histogram_bounds::text as hist, c.reltuples
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_stats s on s.schemaname = n.nspname and s.tablename = c.relname and s.attname in ('lat', 'lon')
        where c.oid = 'products'::regclass`,
    );
    const column = (name: string): ColumnStats | null => {
      const r = rows.find((x) => x.attname === name);
      return r ? { nullFrac: Number(r.null_frac), mcv: numberArray(r.mcv), mcf: numberArray(r.mcf), hist: numberArray(r.hist) } : null;
    };
    const [lat, lon] = [column('lat'), column('lon')];
    const stats = lat && lon && Number(rows[0].reltuples) > 0 ? { rows: Number(rows[0].reltuples), lat, lon } : null;
    this.statsCache = { at: Date.now(), stats };
    return stats;
  }

  /**
   * Whether a latitude/longitude box holds so many products (by the statistics) that they are
   * better found without the GiST index, which would visit every one of them.
   */
  private async isWide(b: { minLat: number; maxLat: number; minLon: number | null; maxLon: number | null }): Promise<boolean> {
    const stats = await this.locationStats();
    if (!stats) return false;
    const inBox =
      stats.rows *
      fractionBetween(stats.lat, b.minLat, b.maxLat) *
      (b.minLon === null || b.maxLon === null ? 1 : fractionBetween(stats.lon, b.minLon, b.maxLon));
    return inBox > this.wideCircleProducts;
  }

  /** A parent category includes its children. */
  private async categoryIds(id: number): Promise<number[]> {
    const all = await this.categories();
    return [id, ...all.filter((c) => c.parentCategoryId === id).map((c) => c.id)];
  }

  /** `period` is the query's from/to as the booking rules resolved it (services/availability/search-period). */
  async search(q: ProductSearchQuery, period: SearchPeriod | null = null): Promise<SearchResultItem[]> {
    let result = await this.run(q, 'exact', period);
    // Typo tolerance only when the plain text found nothing at all.
    if (q.name && result.total === 0) result = await this.run(q, 'fuzzy', period);
    const today = tallinnDateOf();
    return result.rows.map((r) => toSearchItem(r, result.total, this.filesPublicPath, this.countCap, periodPriceOf(r, period), today));
  }

  /**
   * The hits statement counts up to the cap and sorts what it found; when that is every hit (a
   * narrow search) the page's rows are read by id, otherwise the page statement walks an index in
   * sort order (price, creation time, nearest first) and stops after the page.
   */
  private async run(
    q: ProductSearchQuery,
    mode: 'exact' | 'fuzzy',
    period: SearchPeriod | null,
  ): Promise<{ rows: SearchRow[]; total: number }> {
    // The period's busy products read once for the two or three statements below (ADR 0047).
    const plan = await this.searchPlan(q, mode, period, period ? await readBusyProducts(this.db, period) : undefined);
    return this.reading(period, async (db) => {
      const hits = await queryRows<{ total: number; id: number | null }>(db, plan.hits);
      const total = hits[0]?.total ?? 0;
      if (total === 0) return { rows: [], total };
      if (total > this.countCap) {
        const page = await this.pageStatement(db, plan, q);
        // Over the cap a walk of the sort's index stops after a page; the planner, guessing few hits
        // under a worked-out period price, sorted them all instead (ADR 0047).
        if (period) await db.execute(sql`set local enable_sort = off`);
        return { rows: await queryRows<SearchRow>(db, page), total };
      }
      const ids = hits.flatMap((h) => (h.id === null ? [] : [h.id]));
      if (ids.length === 0) return { rows: [], total };
      const byId = new Map((await queryRows<SearchRow>(db, plan.details(ids))).map((r) => [r.id, r]));
      return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
    });
  }

  /** A dated search's statements run without parallel workers, which each rebuilt the busy sets (ADR 0047). */
  private reading<T>(period: SearchPeriod | null, fn: (db: Db) => Promise<T>): Promise<T> {
    if (!period) return fn(this.db);
    return withTransaction(this.db, async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return fn(tx);
    });
  }

  /** Over the cap, bounded by price when the plan has a bound and enough priced hits to set one. */
  private async pageStatement(db: Db, plan: SearchPlan, q: ProductSearchQuery): Promise<SQL> {
    if (!plan.priceBound) return plan.page;
    const [bound] = await queryRows<{ bound: string | number | null; n: number }>(db, plan.priceBound);
    return bound && bound.bound !== null && bound.n >= (q.page + 1) * q.perPage ? plan.boundedPage(Number(bound.bound)) : plan.page;
  }

  /** The common conditions, and the candidate scans ("arms") whose union is every hit. */
  private async searchWhere(
    q: SearchFilters,
    mode: 'exact' | 'fuzzy',
    period: SearchPeriod | null,
    busy?: string,
  ): Promise<{ match: NameMatch | null; where: SQL; arms: SQL[]; origin: SQL | null; circle: (Circle & { wide: boolean }) | null }> {
    const match = q.name ? await nameMatch(this.db, () => this.categories(), q.name, mode) : null;
    const userCategory = q.category !== undefined ? inCategories(await this.categoryIds(q.category)) : null;
    // The period and the price range are checked on each candidate the scans below find (ADR 0047).
    const base: SQL[] = [
      sql`p.deleted = false`,
      sql`p.inactive_reason is null`,
      ...(userCategory ? [userCategory] : []),
      ...(period ? [periodFree(period, busy)] : []),
      ...priceRange(q, period),
    ];
    const origin = q.lat !== undefined && q.lon !== undefined ? sql`ll_to_earth(${q.lat}::float8, ${q.lon}::float8)` : null;
    const c = origin && q.lat !== undefined && q.lon !== undefined && q.distance !== undefined ? circle(q.lat, q.lon, q.distance) : null;
    const located: SQL[] = [...(origin ? [sql`p.geo is not null`] : []), ...(c ? [c.exact] : [])];
    const common = [...base, ...located];
    const and = (parts: SQL[]) => sql.join(parts, sql` and `);
    // How each candidate scan ("arm") narrows to the circle. A narrow circle: by the earth box when
    // the arm matches the name (GiST on point and name) or nothing else, by latitude/longitude when
    // it matches categories (btree on category, lat, lon); only these, as the planner estimates any
    // earth box as very selective. A wide circle: by latitude/longitude and the exact distance in
    // a form the GiST index cannot take, so the name's trigram index, the category index or the
    // table itself find the hits and stop at the cap.
    const wide = c !== null && (await this.isWide(c.bounds));
    const arm = (parts: SQL[], byName: boolean, byCategory: boolean): SQL => {
      if (!c) return and([...parts, ...located]);
      if (wide) return and([...parts, c.exactUnindexed, c.latLonBox]);
      return and([...parts, ...located, ...(byName || !byCategory ? [c.earthBox] : []), ...(byCategory ? [c.latLonBox] : [])]);
    };
    let arms: SQL[];
    let where: SQL;
    if (!match) {
      arms = [arm(base, false, userCategory !== null)];
      where = and(common);
    } else if (!match.byCategory) {
      arms = [arm([...base, match.name], true, userCategory !== null)];
      where = and([...common, match.name]);
    } else {
      // Name or named category: two scans, the second leaving out what the first found.
      arms = [
        arm([...base, match.name], true, userCategory !== null),
        arm([...base, match.byCategory, sql`not (${match.name})`], false, true),
      ];
      where = and([...common, sql`(${match.name} or ${match.byCategory})`]);
    }
    return { match, where, arms, origin, circle: c && { ...c, wide } };
  }

  /** The search statements (public for the benchmark's EXPLAIN and the plan test). */
  async searchPlan(
    q: ProductSearchQuery,
    mode: 'exact' | 'fuzzy' = 'exact',
    period: SearchPeriod | null = null,
    busy?: string,
  ): Promise<SearchPlan> {
    const found = await this.searchWhere(q, mode, period, busy);
    const { match, arms, origin } = found;
    // A dated page over the cap reads its candidates by the circle's box (the category and box
    // index) rather than every product of the category: the box holds the circle (ADR 0047).
    const where = period && found.circle ? sql`${found.where} and ${found.circle.latLonBox}` : found.where;
    const relevance = match?.relevance && !q.sort ? match.relevance : null;
    // Kept by triggers (owner VAT included), so a price sort can walk its index; owners are read for
    // the page only. With a period the price sorts are by the period's price, worked out per hit.
    const price = period ? periodPriceCentsSql(period) : sql`p.search_price_cents`;
    const nearest = origin ? sql`(p.geo <-> ${origin})` : null;
    // The sort as keys of the hits (k1, k2) and as the page query's ORDER BY, which an index can deliver.
    const sort =
      q.sort === 'CHEAP_FIRST'
        ? {
            keys: sql`${price} as k1`,
            hits: sql`k1 asc nulls last, id asc`,
            table: sql`${price} asc nulls last, p.id asc`,
            page: sql`sort_price asc nulls last, id asc`,
          }
        : q.sort === 'CHEAP_LAST'
          ? {
              keys: sql`${price} as k1`,
              hits: sql`k1 desc nulls last, id asc`,
              table: sql`${price} desc nulls last, p.id asc`,
              page: sql`sort_price desc nulls last, id asc`,
            }
          : q.sort === 'CLOSE_KM' && nearest
            ? // The chord through the Earth orders like the great-circle distance and lets the GiST index walk
              // nearest-first (alone: with a tie-breaker PostgreSQL 15 sorts the whole table instead).
              { keys: sql`${nearest} as k1`, hits: sql`k1 asc nulls last, id asc`, table: nearest, page: sql`chord asc nulls last, id asc` }
            : relevance
              ? {
                  keys: sql`${relevance} as k1, p.created_ts as k2`,
                  hits: sql`k1 desc, k2 desc, id desc`,
                  table: sql`${relevance} desc, p.created_ts desc, p.id desc`,
                  page: sql`relevance desc, created_ts desc, id desc`,
                }
              : {
                  keys: sql`p.created_ts as k1`,
                  hits: sql`k1 desc, id desc`,
                  table: sql`p.created_ts desc, p.id desc`,
                  page: sql`created_ts desc, id desc`,
                };
    const output = (h: string) => sql`
      ${sql.raw(h)}.id, ${sql.raw(h)}.name, ${sql.raw(h)}.description, ${sql.raw(h)}.lat, ${sql.raw(h)}.lon, ${sql.raw(h)}.location_description,
      ${sql.raw(h)}.category_id, ${sql.raw(h)}.user_id, ${sql.raw(h)}.paid_later, ${sql.raw(h)}.price_daily_cents, ${sql.raw(h)}.created_ts,
      ${sql.raw(h)}.price_hour_cents, ${sql.raw(h)}.three_day_cents, ${sql.raw(h)}.a_week_cents, ${sql.raw(h)}.two_week_cents,
      ${sql.raw(h)}.month_cents, ${sql.raw(h)}.weekend_day_cents,
      ${origin ? greatCircleKm(sql`${sql.raw(h)}.geo <-> ${origin}`) : sql`null::float8`} as distance_km,
      (select u.allow_vat from users u where u.id = ${sql.raw(h)}.user_id) as allow_vat,
      (select i.file_name from product_images i where i.product_id = ${sql.raw(h)}.id order by i.sort_order, i.id limit 1) as image,
      (select avg(f.rating_halves) from feedback f where f.product_id = ${sql.raw(h)}.id) as rating_halves`;
    // At most the cap + 1 narrow rows (id and sort keys), one scan per arm, stopping at the cap;
    // sorted for the page only when that is all of them.
    const hits = sql`
      with hits as materialized (
        ${sql.join(
          arms.map((arm) => sql`(select p.id, ${sort.keys} from products p where ${arm})`),
          sql` union all `,
        )}
        limit ${this.countCap + 1}
      )
      select n.total, pg.id
      from (select count(*)::int as total from hits) n
      left join lateral (
        select id from hits where n.total <= ${this.countCap} order by ${sort.hits} limit ${q.perPage} offset ${q.page * q.perPage}
      ) pg on true`;
    const pageWhere = (extra: SQL | null) => sql`
      select ${output('h')}
      from (
        select p.id, p.name, p.description, p.lat, p.lon, p.location_description, p.category_id, p.user_id,
          p.paid_later, p.price_daily_cents, p.created_ts, p.geo, ${q.sort === 'CHEAP_FIRST' || q.sort === 'CHEAP_LAST' ? price : sql`null::bigint`} as sort_price,
          p.price_hour_cents, p.three_day_cents, p.a_week_cents, p.two_week_cents, p.month_cents, p.weekend_day_cents,
          ${nearest ?? sql`null::float8`} as chord, ${relevance ?? sql`0`} as relevance
        from products p
        where ${where}${extra ? sql` and ${extra}` : sql``}
        order by ${sort.table}
        limit ${q.perPage} offset ${q.page * q.perPage}
      ) h
      order by ${sort.page}`;
    // Whole days only (a same-day span may be hourly); a narrowed search prices its candidates faster.
    const wide = q.name === undefined && q.category === undefined && q.distance === undefined;
    const floor =
      period && !period.span.sameDay && q.sort === 'CHEAP_FIRST' && wide
        ? { rate: dayRateFloorSql(period.span), days: period.span.days }
        : null;
    const priceBound =
      floor === null
        ? null
        : sql`select max(x.price) as bound, count(*)::int as n from (
            select ${price} as price from products p
            where ${where} and ${floor.rate} is not null and ${price} is not null
            order by ${floor.rate} asc limit ${(q.page + 1) * q.perPage}
          ) x`;
    const boundedPage = (boundCents: number) =>
      floor ? pageWhere(sql`${floor.rate} <= ${Math.min(Math.floor(boundCents / floor.days), 2_147_483_647)}`) : pageWhere(null);
    const details = (ids: number[]) =>
      sql`select ${output('p')} from products p where p.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`;
    return { hits, page: pageWhere(null), priceBound, boundedPage, details };
  }

  /** Whether the list would find anything (markers fall back to typo tolerance only when it does not). */
  private async anyHit(where: SQL): Promise<boolean> {
    return (await queryRows<{ hit: boolean }>(this.db, sql`select exists (select 1 from products p where ${where}) as hit`))[0].hit;
  }

  async markers(q: MarkerQuery, period: SearchPeriod | null = null): Promise<MarkerList> {
    // The map's box exactly by latitude and longitude; a small one also as an earth box for the
    // GiST index (a wide one, the whole country, is better read in id order, stopping at the limit).
    const latLon = sql`p.lat between ${q.minLat}::float8 and ${q.maxLat}::float8 and p.lon between ${q.minLon}::float8 and ${q.maxLon}::float8`;
    const wideView = await this.isWide(q);
    const box = wideView ? latLon : sql`${rectangleEarthBox(q.minLat, q.maxLat, q.minLon, q.maxLon)} @> p.geo and ${latLon}`;
    const statement = (filters: SQL) => sql`
      select h.*, (select i.file_name from product_images i where i.product_id = h.id order by i.sort_order, i.id limit 1) as image
      from (
        select p.id, p.name, p.lat, p.lon, p.price_daily_cents, ${ownerVatLiable} as allow_vat,
          p.price_hour_cents, p.three_day_cents, p.a_week_cents, p.two_week_cents, p.month_cents, p.weekend_day_cents, p.paid_later
        from products p
        where ${box} and ${filters}
        order by p.id
        limit ${q.limit + 1}
      ) h`;
    const read = async (db: Db, filters: SQL): Promise<MarkerRow[]> => {
      if (this.markerRows === 'rows') return queryRows<MarkerRow>(db, statement(filters));
      const json = sql`select json_agg(json_build_array(m.id, m.name, m.lat, m.lon, m.price_daily_cents, m.allow_vat, m.image,
        m.price_hour_cents, m.three_day_cents, m.a_week_cents, m.two_week_cents, m.month_cents, m.weekend_day_cents, m.paid_later) order by m.id)::text as markers
        from (${statement(filters)}) m`;
      const [{ markers }] = await queryRows<{ markers: string | null }>(db, json);
      return markerRowsFromJson(markers);
    };
    // The list's own filters (text, category, the search circle), so the map never shows what the
    // list has left out; typo tolerance exactly when the list falls back to it.
    const exact = await this.searchWhere(q, 'exact', period);
    const circleBox = exact.circle && !exact.circle.wide ? sql` and ${exact.circle.earthBox}` : sql``;
    let rows = await this.reading(period, (db) => read(db, sql`${exact.where}${circleBox}`));
    if (rows.length === 0 && q.name && !(await this.anyHit(exact.where))) {
      const fuzzy = (await this.searchWhere(q, 'fuzzy', period)).where;
      rows = await this.reading(period, (db) => read(db, sql`${fuzzy}${circleBox}`));
    }
    const truncated = rows.length > q.limit;
    // The popup shows the period's price as the list's card does (issue 32).
    const today = tallinnDateOf();
    const markers = rows
      .slice(0, q.limit)
      .map((r) => toMapMarker(r, this.filesPublicPath, period ? periodPriceOf(r, period) : undefined, today));
    return { markers, truncated };
  }
}
