import { catalogPriceCents } from 'shared-kernel/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { Category, CustomerProductList, Product, ProductDetails, ProductList } from 'shared-kernel/schemas';
import { queryRows } from '../src/db/database';
import { createTestApp, type TestContext } from '../src/testing/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
});
afterAll(async () => {
  await ctx.close();
});

describe('demo data', () => {
  it('has every category id the spec names, with parents', async () => {
    const list = Category.array().parse((await ctx.app.inject({ url: '/category' })).json());
    const byId = new Map(list.map((c) => [c.id, c]));
    for (const id of [55, 4, 3, 6, 2, 57, 56, 60, 61, 62, 63, 64, 59, 17, 8, 9]) expect(byId.has(id)).toBe(true);
    for (const id of [55, 4, 3, 6, 2, 60, 8]) expect(byId.get(id)?.parentCategoryId).toBeNull();
    for (const id of [61, 62, 63, 64]) expect(byId.get(id)?.parentCategoryId).toBe(60);
    expect(byId.get(57)?.parentCategoryId).toBe(55);
    expect(byId.get(59)?.parentCategoryId).toBe(55);
    expect(byId.get(56)?.parentCategoryId).toBe(8);
  });

  it('has at least 300 products in Estonia, in child categories, some deleted', async () => {
    const all = ProductList.parse((await ctx.app.inject({ url: '/products?page=0&perPage=100' })).json());
    expect(all[0].loadedCount).toBeGreaterThanOrEqual(280);
    const categories = Category.array().parse((await ctx.app.inject({ url: '/category' })).json());
    const childIds = new Set(categories.filter((c) => c.parentCategoryId !== null).map((c) => c.id));
    const rows = await ctx.database.db.query.products.findMany({
      columns: { id: true, lat: true, lon: true, categoryId: true, deleted: true },
    });
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(rows.filter((r) => r.deleted).length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(childIds.has(r.categoryId)).toBe(true);
      expect(r.lat).toBeGreaterThanOrEqual(57.5);
      expect(r.lat).toBeLessThanOrEqual(59.8);
      expect(r.lon).toBeGreaterThanOrEqual(21.7);
      expect(r.lon).toBeLessThanOrEqual(28.3);
    }
  });

  it('has the go-kart product 229 with images that are real JPEGs', async () => {
    const res = await ctx.app.inject({ url: '/products/229' });
    const kart = Product.parse(res.json());
    expect(kart.name).toMatch(/Rääsilla/);
    expect(kart.images.length).toBeGreaterThan(0);
    const name = kart.images[0].url.split('/').pop();
    const file = await ctx.app.inject({ url: `/files/${name}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  // Issue 25: the owner's product view shows the cover ~720 px wide; demo covers have a larger rendition too.
  it('gives every demo cover a larger rendition of the same picture', async () => {
    const width = async (url: string) => {
      const file = await ctx.app.inject({ url: url.replace(/^\/api/, '') });
      expect(file.statusCode).toBe(200);
      return (await sharp(file.rawPayload).metadata()).width;
    };
    for (const id of [186, 229]) {
      const [cover] = Product.parse((await ctx.app.inject({ url: `/products/${id}` })).json()).images;
      expect(cover.largeUrl).toBe(cover.url.replace(/-cover\.jpg$/, '.jpg'));
      expect(await width(cover.url)).toBe(435);
      expect(await width(cover.largeUrl as string)).toBe(1200);
    }
  });

  it('lets the demo users sign in', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: 'rentija@rendime.ee', password: 'Rentija123' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ roles: ['ROLE_USER'], accountBalance: 150 });
  });

  it('has a suspended demo user whose sign-in is refused (README: peatatud@rendime.ee)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: 'peatatud@rendime.ee', password: 'Peatatud123' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: 'Konto on peatatud' });
  });
});

describe('product reads', () => {
  it('pages GET /products, newest first, active only', async () => {
    const page0 = ProductList.parse((await ctx.app.inject({ url: '/products?page=0&perPage=7' })).json());
    const page1 = ProductList.parse((await ctx.app.inject({ url: '/products?page=1&perPage=7' })).json());
    expect(page0).toHaveLength(7);
    expect(page1).toHaveLength(7);
    expect(new Set([...page0, ...page1].map((p) => p.id)).size).toBe(14);
    expect(page0.every((p) => !p.deleted)).toBe(true);
    const times = page0.map((p) => p.createdTs);
    expect([...times].sort().reverse()).toEqual(times);
    const p = page0[0];
    expect(p.location).toBe(`${p.lat},${p.lon}`);
    expect(typeof p.priceDaily).toBe('number');
  });

  it('answers a deleted product with deleted=true, unknown ids with 404 NOT_FOUND', async () => {
    const [deleted] = await ctx.database.db.query.products.findMany({ where: (t, { eq }) => eq(t.deleted, true), limit: 1 });
    const res = await ctx.app.inject({ url: `/products/${deleted.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted).toBe(true);
    const missing = await ctx.app.inject({ url: '/products/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', codes: ['NOT_FOUND'] });
  });

  it('answers one product (one statement) exactly as the batched loader of lists does, children and all', async () => {
    // Products with every kind of child: images, live and deleted services, calendar reservations
    // still to come, vacation days, ratings; a deleted one and one without children.
    const now = ctx.clock.now();
    const rows = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`(select product_id as id from product_images limit 2)
        union (select product_id from additional_services where deleted limit 2)
        union (select product_id from additional_services where not deleted limit 2)
        union (select product_id from reservations where end_ts >= ${now.toISOString()}::timestamptz limit 4)
        union (select product_id from product_vacation_days limit 2)
        union (select product_id from feedback limit 3)
        union (select id from products where deleted limit 1)
        union (select p.id from products p where not exists (select 1 from product_images i where i.product_id = p.id) limit 1)`,
    );
    const ids = rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(5);
    const batched = await ctx.app.productRepository.getDetailsMany(ids, now);
    let withReservations = 0;
    for (const expected of batched) {
      const details = (await ctx.app.inject({ url: `/products/${expected.id}/details` })).json();
      expect(details).toEqual(JSON.parse(JSON.stringify(expected)));
      const product = (await ctx.app.inject({ url: `/products/${expected.id}` })).json();
      const {
        technical: _t,
        categoryName: _c,
        parentCategoryId: _pi,
        parentCategoryName: _pn,
        categoryLabel: _l,
        owner: _o,
        ...plain
      } = expected;
      expect(product).toEqual(JSON.parse(JSON.stringify(plain)));
      if (expected.reservations.length > 0) withReservations += 1;
    }
    expect(withReservations).toBeGreaterThan(0);
    expect(batched.some((p) => p.rating !== null && p.vacationDays.length + p.additionalServices.length + p.images.length > 0)).toBe(true);
  });

  it('details add technical fields, category label and the owner', async () => {
    const details = ProductDetails.parse((await ctx.app.inject({ url: '/products/1/details' })).json());
    expect(details.categoryLabel).toBe(`${details.parentCategoryName} - ${details.categoryName}`);
    expect(details.owner.id).toBe(details.userId);
    expect(details.technical).toHaveProperty('axleCount');
  });

  it('customer products list only that owner', async () => {
    const one = Product.parse((await ctx.app.inject({ url: '/products/229' })).json());
    const res = await ctx.app.inject({ url: `/products/customer-products/${one.userId}` });
    const list = CustomerProductList.parse(res.json());
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.userId === one.userId)).toBe(true);
    // The owner is named for the public (the go-kart track's company name), and nothing else of the account leaks.
    const [owner] = await queryRows<{ name: string; type: string }>(
      ctx.database.db,
      sql`select name, type from users where id = ${one.userId}`,
    );
    expect(owner.type).toBe('B2B');
    expect(list.every((p) => p.ownerName === owner.name)).toBe(true);
    expect(Object.keys(res.json()[0]).sort()).toEqual([...Object.keys(Product.shape), 'ownerName'].sort());
    const [person] = await queryRows<{ id: number; name: string; last_name: string }>(
      ctx.database.db,
      sql`select u.id, u.name, u.last_name from users u where u.type = 'B2C' and u.last_name <> '' and exists (select 1 from products p where p.user_id = u.id and not p.deleted) order by u.id limit 1`,
    );
    const theirs = CustomerProductList.parse((await ctx.app.inject({ url: `/products/customer-products/${person.id}` })).json());
    expect(theirs[0].ownerName).toBe(`${person.name} ${Array.from(person.last_name)[0]}.`);
    expect((await ctx.app.inject({ url: '/products/customer-products/999999' })).statusCode).toBe(404);
  });

  it('converts cents to euros at the edge', async () => {
    const [row] = await ctx.database.db.query.products.findMany({ where: (t, { eq }) => eq(t.id, 1) });
    const p = Product.parse((await ctx.app.inject({ url: '/products/1' })).json());
    expect(p.priceDaily).toBe((row.priceDailyCents ?? 0) / 100);
    expect(p.cost).toBe(row.costCents / 100);
  });

  it('keeps the search price with the owner VAT when prices, owners or the VAT flag change', async () => {
    const price = async (id: number) =>
      (
        await queryRows<{ search_price_cents: number | null }>(
          ctx.database.db,
          sql`select search_price_cents from products where id = ${id}`,
        )
      )[0].search_price_cents;
    const [vatOwner] = await queryRows<{ id: number }>(ctx.database.db, sql`select id from users where allow_vat order by id limit 1`);
    const [plainOwner] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from users where not allow_vat order by id limit 1`,
    );
    const [{ id }] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into products (user_id, category_id, name, price_daily_cents) select ${vatOwner.id}, category_id, 'Hinnatest', 1001 from products where id = 1 returning id`,
    );
    expect(await price(id)).toBe(catalogPriceCents(1001, true)); // 1001 + 24 % VAT = 1241 today;
    await ctx.database.db.execute(sql`update products set user_id = ${plainOwner.id} where id = ${id}`);
    expect(await price(id)).toBe(1001);
    await ctx.database.db.execute(sql`update products set price_daily_cents = 2000 where id = ${id}`);
    expect(await price(id)).toBe(2000);
    await ctx.database.db.execute(sql`update users set allow_vat = true where id = ${plainOwner.id}`);
    expect(await price(id)).toBe(catalogPriceCents(2000, true));
    await ctx.database.db.execute(sql`update users set allow_vat = false where id = ${plainOwner.id}`);
    expect(await price(id)).toBe(2000);
    await ctx.database.db.execute(sql`delete from products where id = ${id}`);
  });

  it('stores the folded name and the earth point, and keeps the name vocabulary with the products', async () => {
    const [lift] = await queryRows<{ name_folded: string; same_point: boolean }>(
      ctx.database.db,
      sql`select name_folded, geo = ll_to_earth(lat, lon) as same_point from products where name like ${'Käärtõstuk Genie%'} limit 1`,
    );
    expect(lift.name_folded.startsWith('kaartostuk genie')).toBe(true);
    expect(lift.same_point).toBe(true);
    const count = async (word: string) =>
      (await queryRows<{ products: number }>(ctx.database.db, sql`select products from product_name_words where word = ${word}`))[0]
        ?.products ?? 0;
    const before = await count('kaartostuk');
    expect(before).toBeGreaterThan(0);
    const [{ id }] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into products (user_id, category_id, name) select user_id, category_id, ${'Käärtõstuk Zümbra'} from products where id = 1 returning id`,
    );
    expect(await count('kaartostuk')).toBe(before + 1);
    expect(await count('zumbra')).toBe(1);
    await ctx.database.db.execute(sql`update products set name = ${'Teleskooptõstuk Zümbra'} where id = ${id}`);
    expect(await count('kaartostuk')).toBe(before);
    expect(await count('teleskooptostuk')).toBeGreaterThan(0);
    await ctx.database.db.execute(sql`delete from products where id = ${id}`);
    expect(await count('zumbra')).toBe(0);
  });
});

describe('a database without demo data', () => {
  it('still has the whole category tree, so owners can list products on a production start', async () => {
    const bare = await createTestApp({ demo: false });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/category' });
      expect(res.statusCode).toBe(200);
      const list = res.json<{ id: number; name: string; parentCategoryId: number | null }[]>();
      expect(list.find((c) => c.id === 17)).toMatchObject({ parentCategoryId: expect.any(Number) });
      expect(list.filter((c) => c.parentCategoryId === null).map((c) => c.name)).toContain('Haagised');
      const usersRes = await bare.app.inject({ method: 'GET', url: '/products/search?size=5' });
      expect(usersRes.json<unknown[]>()).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
