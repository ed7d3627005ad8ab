import { sql, type SQL } from 'drizzle-orm';
import { MarkerList, MarkerQuery, ProductSearchQuery, SearchResultList, type SearchResultItem } from 'shared-kernel/schemas';
import { catalogPriceCents, STANDARD_VAT_RATES, standardVatBpOn, toCents } from 'shared-kernel/domain';
import { queryRows } from '../src/db/database';
import { SearchRepository } from '../src/repositories/search-repository';
import { foldEstonian, haversineKm } from '../src/places/gazetteer';
import { createTestApp, type TestContext } from '../src/testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
});
afterAll(async () => {
  await ctx.close();
});

async function search(query: string): Promise<SearchResultItem[]> {
  const res = await ctx.app.inject({ url: `/products/search?${query}` });
  expect(res.statusCode).toBe(200);
  return SearchResultList.parse(res.json());
}

const TARTU = { lat: 58.378, lon: 26.729 };
const PARNU = { lat: 58.3859, lon: 24.4971 };

/** Every page of a search (perPage 100). */
async function searchAll(query: string): Promise<SearchResultItem[]> {
  const all: SearchResultItem[] = [];
  for (let page = 0; page < 20; page++) {
    const chunk = await search(`${query}&page=${page}&perPage=100`);
    all.push(...chunk);
    if (chunk.length < 100) break;
  }
  return all;
}

interface ProductFacts {
  id: number;
  name_folded: string;
  category_id: number;
  lat: number | null;
  lon: number | null;
  active: boolean;
}

/** The products as stored, to work out independently what a search must find. */
async function productFacts(): Promise<ProductFacts[]> {
  return queryRows<ProductFacts>(
    ctx.database.db,
    sql`select id, name_folded, category_id, lat, lon, (not deleted and inactive_reason is null) as active from products`,
  );
}

/** A category and its children, or every category (with children) whose name holds the text. */
async function categorySet(match: (c: { id: number; name: string }) => boolean): Promise<Set<number>> {
  const cats = await queryRows<{ id: number; name: string; parent_category_id: number | null }>(
    ctx.database.db,
    sql`select id, name, parent_category_id from categories`,
  );
  const hit = new Set<number>();
  for (const c of cats.filter(match)) {
    hit.add(c.id);
    for (const child of cats) if (child.parent_category_id === c.id) hit.add(child.id);
  }
  return hit;
}

/** Within the circle, leaving out the few products so near the rim that rounding could decide. */
const inCircle = (p: ProductFacts, at: { lat: number; lon: number }, km: number): boolean | 'rim' => {
  if (p.lat === null || p.lon === null) return false;
  const d = haversineKm(at.lat, at.lon, p.lat, p.lon);
  return Math.abs(d - km) < 0.01 ? 'rim' : d <= km;
};

describe('GET /products/search', () => {
  it('finds trailers for "haagis" and tolerates a typo ("hagis")', async () => {
    const exact = await search('name=haagis&perPage=100');
    expect(exact.length).toBeGreaterThan(5);
    expect(exact.some((p) => /haagis/i.test(p.name))).toBe(true);
    const typo = await search('name=hagis&perPage=100');
    const typoIds = new Set(typo.map((p) => p.id));
    const compoundHits = exact.filter((p) => /haagis/i.test(p.name));
    expect(compoundHits.length).toBeGreaterThan(0);
    for (const p of compoundHits) expect(typoIds.has(p.id)).toBe(true);
  });

  it('is Estonian-letter aware: "rasilla kardisoit" finds "Rääsilla kardisõit"', async () => {
    const hits = await search('name=rasilla%20kardisoit');
    expect(hits[0]?.id).toBe(229);
    const withLetters = await search(`name=${encodeURIComponent('Rääsilla')}`);
    expect(withLetters[0]?.id).toBe(229);
  });

  it('never lists deleted or inactive products', async () => {
    const rows = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from products where deleted or inactive_reason is not null`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const hidden = new Set(rows.map((r) => r.id));
    const all: SearchResultItem[] = [];
    for (let page = 0; page < 10; page++) {
      const chunk = await search(`page=${page}&perPage=100`);
      all.push(...chunk);
      if (chunk.length < 100) break;
    }
    expect(all.length).toBe(all[0].loadedCount);
    for (const p of all) expect(hidden.has(p.id)).toBe(false);
  });

  it('includes the children when a parent category is chosen', async () => {
    const parent = await search('category=1&perPage=100');
    const cats = new Set(parent.map((p) => p.categoryId));
    expect([...cats].every((c) => [1, 17, 18, 19, 20].includes(c))).toBe(true);
    expect(cats.size).toBeGreaterThan(1);
    const child = await search('category=17&perPage=100');
    expect(child.every((p) => p.categoryId === 17)).toBe(true);
    expect(parent[0].loadedCount).toBeGreaterThan(child[0].loadedCount);
  });

  it('sorts by displayed daily price both ways', async () => {
    const cheap = await search('category=1&sort=CHEAP_FIRST&perPage=100');
    const dear = await search('category=1&sort=CHEAP_LAST&perPage=100');
    const prices = (list: SearchResultItem[]) => list.map((p) => p.displayPrice ?? Infinity);
    expect(prices(cheap)).toEqual([...prices(cheap)].sort((a, b) => a - b));
    expect(prices(dear)).toEqual([...prices(dear)].sort((a, b) => b - a));
    for (const p of cheap) {
      expect(Number.isInteger(p.displayPrice)).toBe(true);
      // What one day booked today costs: the net day price plus today's VAT (24 % since July 2025).
      expect(p.displayPrice).toBe(Math.round(catalogPriceCents(toCents(p.priceDaily ?? 0), p.allowVat) / 100));
    }
  });

  it("sorts with the database's VAT table, which is the kernel's", async () => {
    for (const { from } of STANDARD_VAT_RATES) {
      const dayBefore = new Date(Date.parse(`${from}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      for (const day of [dayBefore, from]) {
        const [row] = await queryRows<{ bp: number }>(ctx.database.db, sql`select rendime_standard_vat_bp(${day}::date) as bp`);
        expect({ day, bp: row.bp }).toEqual({ day, bp: standardVatBpOn(day) });
      }
    }
  });

  it('filters by distance and sorts closest first, distance with one decimal on a 6371 km sphere', async () => {
    const near = await search(`lat=${TARTU.lat}&lon=${TARTU.lon}&distance=20&sort=CLOSE_KM&perPage=100`);
    expect(near.length).toBeGreaterThan(3);
    const km = near.map((p) => p.distanceInKm as number);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    for (const p of near) {
      expect(p.distanceInKm).toBeLessThanOrEqual(20);
      expect(Math.round((p.distanceInKm as number) * 10)).toBeCloseTo((p.distanceInKm as number) * 10, 6);
      const expected = Math.round(haversineKm(TARTU.lat, TARTU.lon, p.lat as number, p.lon as number) * 10) / 10;
      expect(Math.abs((p.distanceInKm as number) - expected)).toBeLessThanOrEqual(0.1);
    }
    const noDistance = await search('name=haagis');
    expect(noDistance[0].distanceInKm).toBeNull();
  });

  it('pages with a total count', async () => {
    const first = await search('category=1&perPage=5&page=0&sort=CHEAP_FIRST');
    const second = await search('category=1&perPage=5&page=1&sort=CHEAP_FIRST');
    expect(first).toHaveLength(5);
    expect(second[0].loadedCount).toBe(first[0].loadedCount);
    expect(new Set([...first, ...second].map((p) => p.id)).size).toBe(10);
  });

  it('answers result items with title, image, location and distance', async () => {
    const [item] = await search(`name=haagis&lat=${TARTU.lat}&lon=${TARTU.lon}`);
    expect(item.title).toBe(item.name);
    expect(item.imageUrl).toMatch(/^\/api\/files\//);
    expect(item.location).toBe(`${item.lat},${item.lon}`);
    expect(typeof item.distanceInKm).toBe('number');
  });

  it('refuses bad input with a code, never a 500', async () => {
    for (const q of [
      'lat=100&lon=20',
      'lat=58',
      'sort=CLOSE_KM',
      'sort=NOPE',
      'perPage=1000',
      'category=abc',
      `name=${'x'.repeat(200)}`,
      'distance=-5&lat=58&lon=25',
    ]) {
      const res = await ctx.app.inject({ url: `/products/search?${q}` });
      expect([q, res.statusCode]).toEqual([q, 400]);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const odd = await search(`name=${encodeURIComponent("%_\\'; drop table products;--")}`);
    expect(Array.isArray(odd)).toBe(true);
  });
});

describe('GET /products/markers', () => {
  it('lists light markers inside the box only, bounded in size', async () => {
    const res = await ctx.app.inject({ url: '/products/markers?minLat=58.2&minLon=26.4&maxLat=58.6&maxLon=27.0' });
    const { markers, truncated } = MarkerList.parse(res.json());
    expect(truncated).toBe(false);
    expect(markers.length).toBeGreaterThan(3);
    for (const m of markers) {
      expect(m.lat).toBeGreaterThanOrEqual(58.2);
      expect(m.lat).toBeLessThanOrEqual(58.6);
      expect(m.lon).toBeGreaterThanOrEqual(26.4);
      expect(m.lon).toBeLessThanOrEqual(27.0);
      expect(
        Object.keys(m)
          .filter((k) => k !== 'paidLater')
          .sort(),
      ).toEqual(['id', 'imageUrl', 'lat', 'location', 'lon', 'priceDaily', 'title']);
    }
    const all = MarkerList.parse(
      (await ctx.app.inject({ url: '/products/markers?minLat=57&minLon=21&maxLat=60&maxLon=29&limit=10' })).json(),
    );
    expect(all.markers).toHaveLength(10);
    expect(all.truncated).toBe(true);
  });

  it('marks a product paid on return, as its card does, and only that one', async () => {
    const box = '/products/markers?minLat=57&minLon=21&maxLat=60&maxLon=29&limit=5000';
    const before = MarkerList.parse((await ctx.app.inject({ url: box })).json()).markers;
    const id = before[0].id;
    const was = await queryRows<{ id: number }>(ctx.database.db, sql`select id from products where paid_later`);
    await ctx.database.db.execute(sql`update products set paid_later = (id = ${id})`);
    try {
      for (const rows of ['json', 'rows'] as const) {
        const repo = new SearchRepository(ctx.database.db, '/files', { markerRows: rows });
        const { markers } = await repo.markers(MarkerQuery.parse({ minLat: 57, minLon: 21, maxLat: 60, maxLon: 29, limit: 5000 }));
        expect(markers.filter((m) => m.paidLater).map((m) => m.id)).toEqual([id]);
        expect(markers.filter((m) => 'paidLater' in m)).toHaveLength(1);
      }
      const { markers } = MarkerList.parse((await ctx.app.inject({ url: box })).json());
      expect(markers.find((m) => m.id === id)?.paidLater).toBe(true);
    } finally {
      const ids = sql.join([sql`0`, ...was.map((r) => sql`${r.id}`)], sql`, `);
      await ctx.database.db.execute(sql`update products set paid_later = (id in (${ids}))`);
    }
  });

  it('applies the text and category filters', async () => {
    const { markers } = MarkerList.parse(
      (await ctx.app.inject({ url: '/products/markers?minLat=57&minLon=21&maxLat=60&maxLon=29&category=10' })).json(),
    );
    expect(markers.map((m) => m.id)).toEqual([229]);
    const bad = await ctx.app.inject({ url: '/products/markers?minLat=59&minLon=21&maxLat=58&maxLon=29' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('markers with a search circle', () => {
  it('leaves out markers outside the distance the list uses', async () => {
    const estonia = 'minLat=57.5&minLon=21.7&maxLat=59.8&maxLon=28.3';
    const all = MarkerList.parse((await ctx.app.inject({ url: `/products/markers?${estonia}` })).json()).markers;
    const near = MarkerList.parse(
      (await ctx.app.inject({ url: `/products/markers?${estonia}&lat=58.378&lon=26.729&distance=25` })).json(),
    ).markers;
    expect(near.length).toBeGreaterThan(0);
    expect(near.length).toBeLessThan(all.length);
    for (const m of near) expect(haversineKm(58.378, 26.729, m.lat, m.lon)).toBeLessThanOrEqual(25.01);
    const list = await search('lat=58.378&lon=26.729&distance=25&perPage=100');
    expect(new Set(near.map((m) => m.id))).toEqual(new Set(list.filter((p) => p.lat !== null).map((p) => p.id)));
    expect((await ctx.app.inject({ url: `/products/markers?${estonia}&lat=58.3` })).statusCode).toBe(400);
  });

  it('falls back to typo tolerance only when the list does', async () => {
    const markers = async (query: string, box: { minLat: number; minLon: number; maxLat: number; maxLon: number }) =>
      MarkerList.parse(
        (
          await ctx.app.inject({
            url: `/products/markers?${query}&${new URLSearchParams(Object.entries(box).map(([k, v]): [string, string] => [k, String(v)]))}`,
          })
        ).json(),
      ).markers;
    const inBox = (box: { minLat: number; minLon: number; maxLat: number; maxLon: number }) => (p: SearchResultItem) =>
      p.lat !== null && p.lon !== null && p.lat >= box.minLat && p.lat <= box.maxLat && p.lon >= box.minLon && p.lon <= box.maxLon;
    // 'octor' is in a few names (Rug Doctor carpet washers), none of them around Rakvere; typo
    // tolerance would find 'octavia' there (a Škoda Octavia), which the list does not show.
    const rakvere = { minLat: 59.2, minLon: 26.0, maxLat: 59.5, maxLon: 26.8 };
    const list = await search('name=octor&perPage=100');
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.name.includes('Doctor'))).toBe(true);
    expect(list.filter(inBox(rakvere))).toEqual([]);
    expect((await search('name=octavia')).filter(inBox(rakvere)).length).toBeGreaterThan(0);
    expect(await markers('name=octor', rakvere)).toEqual([]);
    // Where the list itself falls back ('aurupuhsti' is in no name), the map does too.
    const tallinn = { minLat: 59.2, minLon: 24.4, maxLat: 59.6, maxLon: 25.1 };
    const typo = (await search('name=aurupuhsti&perPage=100')).filter(inBox(tallinn));
    expect(typo.length).toBeGreaterThan(0);
    expect((await markers('name=aurupuhsti', tallinn)).map((m) => m.id).sort()).toEqual(typo.map((p) => p.id).sort());
  });
});

describe('search candidates', () => {
  it('finds a text within a circle by name and by the categories it names, each product once', async () => {
    const facts = await productFacts();
    const trailers = await categorySet((c) => foldEstonian(c.name).includes('haagis'));
    expect(trailers.size).toBeGreaterThan(1);
    const found = await searchAll(`name=haagis&lat=${PARNU.lat}&lon=${PARNU.lon}&distance=60&sort=CLOSE_KM`);
    const ids = found.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const rim = new Set(facts.filter((p) => inCircle(p, PARNU, 60) === 'rim').map((p) => p.id));
    const expected = facts
      .filter((p) => p.active && inCircle(p, PARNU, 60) === true && (p.name_folded.includes('haagis') || trailers.has(p.category_id)))
      .map((p) => p.id);
    // Both ways in: by name (a trailer-named product elsewhere) and by category alone.
    expect(expected.some((id) => facts.find((p) => p.id === id)?.name_folded.includes('haagis'))).toBe(true);
    expect(expected.some((id) => !facts.find((p) => p.id === id)?.name_folded.includes('haagis'))).toBe(true);
    expect(ids.filter((id) => !rim.has(id)).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(found[0].loadedCount).toBe(found.length);
    const km = found.map((p) => p.distanceInKm as number);
    expect(km).toEqual([...km].sort((a, b) => a - b));
  });

  it('finds a category within a circle exactly, its children included', async () => {
    const facts = await productFacts();
    const vehicles = await categorySet((c) => c.id === 1);
    for (const sort of ['CHEAP_FIRST', 'CLOSE_KM', '']) {
      const found = await searchAll(`category=1&lat=${TARTU.lat}&lon=${TARTU.lon}&distance=80&sort=${sort}`);
      const rim = new Set(facts.filter((p) => inCircle(p, TARTU, 80) === 'rim').map((p) => p.id));
      const expected = facts.filter((p) => p.active && inCircle(p, TARTU, 80) === true && vehicles.has(p.category_id)).map((p) => p.id);
      expect(expected.length).toBeGreaterThan(3);
      expect(
        found
          .map((p) => p.id)
          .filter((id) => !rim.has(id))
          .sort((a, b) => a - b),
      ).toEqual(expected.sort((a, b) => a - b));
    }
  });

  it('answers the same pages whether the hits fit under the count cap or not', async () => {
    const counted = new SearchRepository(ctx.database.db, '/api/files');
    const capped = new SearchRepository(ctx.database.db, '/api/files', { countCap: 5 });
    const queries = [
      'name=haagis',
      'name=hagis',
      'category=1&sort=CHEAP_FIRST',
      'category=1&sort=CHEAP_LAST',
      `lat=${TARTU.lat}&lon=${TARTU.lon}&distance=80&sort=CLOSE_KM`,
      `name=haagis&lat=${PARNU.lat}&lon=${PARNU.lon}&distance=60&sort=CLOSE_KM`,
      `category=1&lat=${TARTU.lat}&lon=${TARTU.lon}&distance=80&sort=CHEAP_FIRST`,
      `lat=${TARTU.lat}&lon=${TARTU.lon}`,
    ];
    for (const query of queries) {
      for (const page of [0, 1, 2]) {
        const params = ProductSearchQuery.parse({ ...Object.fromEntries(new URLSearchParams(query)), page: String(page), perPage: '7' });
        const [a, b] = [await counted.search(params), await capped.search(params)];
        expect([query, page, b.map((p) => p.id)]).toEqual([query, page, a.map((p) => p.id)]);
        expect([query, page, b.map((p) => p.distanceInKm)]).toEqual([query, page, a.map((p) => p.distanceInKm)]);
        if (a.length) expect(b[0].loadedCountCapped).toBe(a[0].loadedCount > 5);
      }
    }
  });

  it('finds the same hits for a wide circle without the GiST index as for a narrow one with it', async () => {
    // The wide path needs the column statistics (a server's autovacuum keeps them; here ANALYZE).
    await ctx.database.db.execute(sql`analyze products`);
    const narrow = new SearchRepository(ctx.database.db, '/api/files', { wideCircleProducts: Number.MAX_SAFE_INTEGER });
    const wide = new SearchRepository(ctx.database.db, '/api/files', { wideCircleProducts: 0 });
    const wideAndCapped = new SearchRepository(ctx.database.db, '/api/files', { wideCircleProducts: 0, countCap: 5 });
    const queries = [
      `lat=${TARTU.lat}&lon=${TARTU.lon}&distance=80`,
      `lat=${TARTU.lat}&lon=${TARTU.lon}&distance=300&sort=CHEAP_FIRST`,
      `name=haagis&lat=${PARNU.lat}&lon=${PARNU.lon}&distance=60&sort=CLOSE_KM`,
      `name=hagis&lat=${PARNU.lat}&lon=${PARNU.lon}&distance=100`,
      `category=1&lat=${TARTU.lat}&lon=${TARTU.lon}&distance=80&sort=CHEAP_LAST`,
    ];
    for (const query of queries) {
      for (const page of [0, 1]) {
        const params = ProductSearchQuery.parse({ ...Object.fromEntries(new URLSearchParams(query)), page: String(page), perPage: '10' });
        const expected = await narrow.search(params);
        if (page === 0) expect([query, expected.length > 0]).toEqual([query, true]);
        for (const repo of [wide, wideAndCapped]) {
          const got = await repo.search(params);
          expect([query, page, got.map((p) => p.id)]).toEqual([query, page, expected.map((p) => p.id)]);
        }
        expect((await wide.search(params))[0]?.loadedCount).toBe(expected[0]?.loadedCount);
      }
    }
  });

  it('tolerates typos without changing the word-similarity threshold of the connection', async () => {
    const before = (
      await queryRows<{ t: string }>(ctx.database.db, sql`select current_setting('pg_trgm.word_similarity_threshold', true) as t`)
    )[0].t;
    expect((await search('name=hagis')).length).toBeGreaterThan(0);
    const after = (
      await queryRows<{ t: string }>(ctx.database.db, sql`select current_setting('pg_trgm.word_similarity_threshold') as t`)
    )[0].t;
    expect(Number(after)).toBe(before === null ? 0.6 : Number(before));
  });
});

describe('search query plan', () => {
  it('answers names from the folded-name trigram index and circles from the GiST index on the stored point', async () => {
    // With statistics, as a running server has them (autovacuum); seq scans off because 300 rows fit in one page read.
    await ctx.database.db.execute(sql`analyze`);
    await ctx.database.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = async (q: SQL) =>
        (await queryRows<Record<string, string>>(ctx.database.db, sql`explain ${q}`)).map((r) => Object.values(r)[0]).join('\n');
      const repo = new SearchRepository(ctx.database.db, '/files');
      const planOf = async (query: Record<string, string>) => plan((await repo.searchPlan(ProductSearchQuery.parse(query))).hits);
      // At 300 rows the planner rightly walks the small active-products index for the whole query;
      // the benchmark shows the trigram index at 100,000. Here: the name predicate can use it.
      expect(await plan(sql`select id from products p where p.name_folded like ${'%genie%'}`)).toMatch(/products_name_folded_trgm/);
      expect(await planOf({ lat: '58.378', lon: '26.729', distance: '25', sort: 'CLOSE_KM' })).toMatch(/products_geo_name_gist/);
      // A text inside a circle: point and name from one GiST index; a category inside a circle: (category, lat, lon).
      expect(await planOf({ name: 'genie', lat: '58.378', lon: '26.729', distance: '25' })).toMatch(
        /products_geo_name_gist[^\n]*\n\s*Index Cond: \(\(geo <@ [^\n]*name_folded ~~/,
      );
      expect(await planOf({ category: '1', lat: '58.378', lon: '26.729', distance: '25' })).toMatch(/products_active_category_lat_lon_idx/);
    } finally {
      await ctx.database.db.execute(sql`set enable_seqscan = on`);
    }
  });
});
