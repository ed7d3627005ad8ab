import { sql, type SQL } from 'drizzle-orm';
import { searchPriceEuros } from 'shared-kernel/domain';
import type { Category, MapMarker, MarkerList, MarkerQuery, ProductSearchQuery, SearchResultItem } from 'shared-kernel/schemas';
import { queryRows, type Db } from '../db/database';
import { foldEstonian } from '../places/gazetteer';

/** The spec's Earth radius. earthdistance's own `earth()` is 6378.168 km, so distances are rescaled. */
export const SEARCH_EARTH_RADIUS_KM = 6371;

/** Totals are exact up to this many hits; beyond it the answer says "more than". */
export const SEARCH_COUNT_CAP = 1000;
/**
 * Typo tolerance compares each query word with the vocabulary of product names
 * (`product_name_words`, kept by a trigger) by word similarity on folded letters (õ/ö→o, ä→a,
 * ü→u...): 0.4 keeps a dropped letter inside a compound ('hagis' in 'kastihaagis' is 0.5).
 */
const KEEP_SIMILARITY = 0.4;
/** At most this many vocabulary words stand in for one query word. */
const WORDS_PER_QUERY_WORD = 20;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A name holding 'kastihaagis' also holds 'haagis': the longer word adds nothing but another index
 * scan, and the shorter one scores higher (it is closer to the query), so only the shorter stays.
 */
export function withoutContainedWords<T extends { query: string; word: string; similarity: number }>(found: T[]): T[] {
  const kept: T[] = [];
  for (const f of [...found].sort((a, b) => a.word.length - b.word.length || b.similarity - a.similarity)) {
    if (!kept.some((k) => k.query === f.query && f.word.includes(k.word) && k.similarity >= f.similarity)) kept.push(f);
  }
  return kept;
}

/** Chord length (earth() units) to kilometres along a great circle of the spec's 6371 km sphere. */
const greatCircleKm = (chord: SQL) => sql`(2 * asin(least(1, (${chord}) / (2 * earth()))) * ${SEARCH_EARTH_RADIUS_KM})`;

/** Products within `km` of `origin`: the box lets the GiST index pick candidates, the chord trims them exactly. */
function withinKm(origin: SQL, km: number): SQL[] {
  const angle = km / SEARCH_EARTH_RADIUS_KM;
  return [sql`earth_box(${origin}, ${angle}::float8 * earth()) @> p.geo`, sql`(p.geo <-> ${origin}) <= 2 * earth() * sin(${angle / 2}::float8)`];
}

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
   * Two tiers. `exact`: the folded text as a substring of the folded name (GIN trigram index
   * answers LIKE) or a category named by it. `fuzzy` (only when exact finds nothing): every query
   * word must match a name word that is similar to it (typos, missing letters), ranked by how
   * similar. Both cost a LIKE per candidate row, never a similarity score per product.
   */
  private async nameCondition(name: string, mode: 'exact' | 'fuzzy'): Promise<{ where: SQL; relevance: SQL | null }> {
    const folded = foldEstonian(name);
    const namedCategories = await this.categoriesNamed(name);
    const byCategory = namedCategories.length ? sql`p.category_id in (${sql.join(namedCategories.map((id) => sql`${id}`), sql`, `)})` : null;
    if (mode === 'exact') {
      const like = sql`p.name_folded like ${`%${escapeLike(folded)}%`}`;
      return { where: byCategory ? sql`(${like} or ${byCategory})` : like, relevance: null };
    }
    const tokens = folded.split(/[^a-z0-9]+/).filter(Boolean);
    const words = [...new Set(tokens.filter((w) => w.length >= 3 && /[a-z]/.test(w)))];
    // Numbers (years, models) are not guessed at: they must appear as written.
    const numbers = [...new Set(tokens.filter((w) => /^[0-9]{2,}$/.test(w)))];
    if (words.length === 0) return { where: sql`false`, relevance: null };
    const similar = await this.similarWords(words);
    const perWord = words.map((w) => similar.filter((s) => s.query === w));
    if (perWord.some((list) => list.length === 0)) return { where: sql`false`, relevance: null };
    const contains = (word: string) => sql`p.name_folded like ${`%${escapeLike(word)}%`}`;
    const where = [
      ...perWord.map((list) => sql`(${sql.join(list.map((s) => contains(s.word)), sql` or `)})`),
      ...numbers.map((n) => contains(n)),
    ];
    // Each query word scores its best matching name word; the product scores their mean.
    const scores = perWord.map((list) => sql`greatest(${sql.join(list.map((s) => sql`case when ${contains(s.word)} then ${s.similarity}::float8 end`), sql`, `)})`);
    const relevance = sql`((${sql.join(scores, sql` + `)}) / ${words.length})`;
    return { where: sql.join(where, sql` and `), relevance };
  }

  /** Name words similar to each query word, best first (the vocabulary is small and trigram-indexed). */
  private async similarWords(words: string[]): Promise<{ query: string; word: string; similarity: number }[]> {
    const rows = await this.withLooseThreshold((tx) =>
      queryRows<{ query: string; word: string; similarity: number | string }>(
        tx,
        sql`select q.w as query, m.word, m.similarity
          from unnest(${`{${words.join(',')}}`}::text[]) as q(w)
          cross join lateral (
            select v.word, word_similarity(q.w, v.word) as similarity
            from product_name_words v
            where q.w <% v.word and v.products > 0
            order by similarity desc, v.word
            limit ${WORDS_PER_QUERY_WORD}
          ) m`,
      ),
    );
    const found = rows.map((r) => ({ query: r.query, word: r.word, similarity: Number(r.similarity) })).filter((r) => r.similarity >= KEEP_SIMILARITY);
    return withoutContainedWords(found);
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
      return go(this.db);
    };
    let result = await run('exact');
    // Typo tolerance only when the plain text found nothing at all.
    if (q.name && result.total === 0) result = await run('fuzzy');
    return result.rows.map((r) => this.toItem(r, result.total));
  }

  /** Runs `work` in a transaction whose word-similarity threshold is ours (SET LOCAL, so pooled connections stay clean). */
  async withLooseThreshold<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(KEEP_SIMILARITY)}, true)`);
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
      // cube's <-> is the chord through the Earth: it orders like the great-circle distance and
      // lets the GiST index on the stored point walk nearest-first.
      nearest = sql`p.geo <-> ${origin}`;
      distanceKm = greatCircleKm(nearest);
      where.push(sql`p.geo is not null`);
      if (q.distance !== undefined) where.push(...withinKm(origin, q.distance));
    }
    // Kept by triggers (owner VAT included), so a price sort can walk its index.
    const price = sql`p.search_price_cents`;
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
        (select u.allow_vat from users u where u.id = h.user_id) as allow_vat,
        (select i.file_name from product_images i where i.product_id = h.id order by i.sort_order, i.id limit 1) as image,
        (select avg(f.rating_halves) from feedback f where f.product_id = h.id) as rating_halves
      from (
        -- The owner (VAT) is read for the page only: the stored search price already holds it.
        select p.id, p.name, p.description, p.lat, p.lon, p.location_description, p.category_id, p.user_id,
          p.paid_later, p.price_daily_cents, p.created_ts,
          ${price} as sort_price, ${distanceKm} as distance_km, ${relevance && !q.sort ? relevance : sql`0`} as relevance
        from products p
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
    const where: SQL[] = [sql`p.deleted = false`, sql`p.inactive_reason is null`, sql`p.geo is not null`];
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
    where.push(sql`earth_box(ll_to_earth(${centreLat}::float8, ${centreLon}::float8), ${radius}) @> p.geo`);
    where.push(sql`p.lat between ${q.minLat} and ${q.maxLat} and p.lon between ${q.minLon} and ${q.maxLon}`);
    // The same circle as the result list, so the map never shows what the list has filtered out.
    if (q.lat !== undefined && q.lon !== undefined && q.distance !== undefined) where.push(...withinKm(sql`ll_to_earth(${q.lat}::float8, ${q.lon}::float8)`, q.distance));
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
      rows = await queryRows<MarkerRow>(this.db, query(fuzzy.where));
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
