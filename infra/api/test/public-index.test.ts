import { and, asc, eq, isNull } from 'drizzle-orm';
import { ApiErrorBody, PublicProductIndex, SITEMAP_MAX_URLS } from 'shared-kernel/schemas';
import { products } from '../src/db/schema';
import { tableDigest } from '../src/testing/assertions';
import { createTestApp, demoUserIds, sessionHeaders, type TestContext } from '../src/testing/test-app';

// Issue 28: GET /products/public-index lists the products a visitor can open (not deleted, not
// taken off rent) by id with their last change, one sitemap file's worth per page (ADR 0041).

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoUserIds>>;
beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ids = await demoUserIds(ctx);
});
afterAll(async () => {
  await ctx.close();
});

async function index(query = '', userId?: number): Promise<PublicProductIndex> {
  const res = await ctx.app.inject({ url: `/products/public-index${query}`, headers: await sessionHeaders(ctx, userId) });
  expect(res.statusCode).toBe(200);
  return PublicProductIndex.parse(res.json());
}

/** The public products straight from the table, in id order. */
async function publicIds(): Promise<number[]> {
  const rows = await ctx.database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.deleted, false), isNull(products.inactiveReason)))
    .orderBy(asc(products.id));
  return rows.map((r) => r.id);
}

describe('GET /products/public-index', () => {
  it('answers the same public list to anonymous, renter, owner, another user, limited and need-ID callers', async () => {
    const anonymous = await ctx.app.inject({ url: '/products/public-index' });
    expect(anonymous.statusCode).toBe(200);
    for (const who of ['renter', 'privateOwner', 'secondOwner', 'limited', 'needsId'] as const) {
      const res = await ctx.app.inject({ url: '/products/public-index', headers: await sessionHeaders(ctx, ids[who]) });
      expect({ who, status: res.statusCode, body: res.body }).toEqual({ who, status: 200, body: anonymous.body });
    }
  });

  it('lists exactly the products that are neither deleted nor taken off rent, with their last change', async () => {
    const all = await index();
    expect(all.items.map((i) => i.id)).toEqual(await publicIds());
    expect(all.total).toBe(all.items.length);
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, all.items[0].id));
    expect(all.items[0].updatedTs).toBe(row.updatedTs.toISOString());
    expect(Object.keys(all.items[0]).sort()).toEqual(['id', 'updatedTs']);
  });

  it('leaves out a product once it is deleted or taken off rent', async () => {
    const [first, second] = (await index()).items;
    await ctx.database.db.update(products).set({ deleted: true }).where(eq(products.id, first.id));
    await ctx.database.db.update(products).set({ inactiveReason: 'MAINTENANCE' }).where(eq(products.id, second.id));
    try {
      const after = (await index()).items.map((i) => i.id);
      expect(after).not.toContain(first.id);
      expect(after).not.toContain(second.id);
    } finally {
      await ctx.database.db.update(products).set({ deleted: false }).where(eq(products.id, first.id));
      await ctx.database.db.update(products).set({ inactiveReason: null }).where(eq(products.id, second.id));
    }
  });

  it('pages through the list, and an empty page past the end still knows the total', async () => {
    const all = await index();
    const first = await index('?page=0&perPage=10');
    const second = await index('?page=1&perPage=10');
    expect([...first.items, ...second.items]).toEqual(all.items.slice(0, 20));
    expect(first.total).toBe(all.total);
    const past = await index('?page=5000&perPage=10');
    expect(past).toEqual({ items: [], total: all.total });
  });

  it('refuses bad paging in Estonian with 400, never 500, and changes nothing', async () => {
    const before = await tableDigest(ctx.database.db, ['products']);
    for (const query of [
      '?page=-1',
      '?page=abc',
      '?page=1.5',
      '?page=10001',
      '?perPage=0',
      `?perPage=${SITEMAP_MAX_URLS + 1}`,
      '?perPage=%00',
      `?page=${'9'.repeat(400)}`,
    ]) {
      const res = await ctx.app.inject({ url: `/products/public-index${query}` });
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      const body = ApiErrorBody.parse(res.json());
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.message).not.toMatch(/\b(invalid|expected|received|too (big|small))\b/i);
    }
    expect(await tableDigest(ctx.database.db, ['products'])).toBe(before);
  });
});
