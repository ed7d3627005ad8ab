import { and, eq, sql } from 'drizzle-orm';
import { messages } from 'shared-kernel/messages';
import {
  OwnerProductList,
  SAVED_PRODUCTS_MAX,
  SavedProductIds,
  SavedProductList,
  SearchResultList,
  UserNotificationList,
  type OwnerProduct,
} from 'shared-kernel/schemas';
import { notifications, products, savedProducts } from '../src/db/schema';
import { expectApiError, tableDigest } from '../src/testing/assertions';
import { mailJobs } from '../src/testing/mail-jobs';
import { bookableDemoProduct, createTestApp, demoCast, type TestAs, type TestContext, type TestWho as Who } from '../src/testing/test-app';

// Issue 32, saved products: the heart's endpoints under /users/me, and the notice a saver gets when
// an owner lowers the day price. The clock is Monday 2 June 2025.

let ctx: TestContext;
let ids: Record<Who, number>;
let as: TestAs;
let ownerProduct: number; // the private owner's, 40 €/day
let businessProduct: number; // the VAT-liable business owner's

async function call(who: Who | undefined, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: await as(who), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function list(who: Who) {
  const res = await call(who, 'GET', '/users/me/saved-products');
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 200 });
  return SavedProductList.parse(res.json());
}

async function savedIds(who: Who) {
  const res = await call(who, 'GET', '/users/me/saved-products/ids');
  expect(res.statusCode).toBe(200);
  return SavedProductIds.parse(res.json());
}

async function save(who: Who, productId: number) {
  const res = await call(who, 'PUT', `/users/me/saved-products/${productId}`);
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 200 });
}

async function unsaveAll() {
  await ctx.database.db.delete(savedProducts);
  await ctx.database.db.delete(notifications);
}

async function notices(who: Who) {
  const res = await call(who, 'GET', `/user-notifications/user/${ids[who]}`);
  expect(res.statusCode).toBe(200);
  return UserNotificationList.parse(res.json()).filter((n) => n.type === 'SAVED_PRODUCT_PRICE_DROP');
}

/** The owner's product as their wizard loads it. */
async function ownerView(who: Who, productId: number): Promise<OwnerProduct> {
  const res = await call(who, 'GET', '/products/my-products?tab=all');
  return OwnerProductList.parse(res.json()).find((p) => p.id === productId)!;
}

/** The owner saves the product with a new net day price, as the edit wizard does. */
async function setDayPrice(who: Who, productId: number, priceDaily: number) {
  const p = await ownerView(who, productId);
  const res = await call(who, 'PUT', `/products/${productId}`, {
    name: p.name,
    categoryId: p.categoryId,
    description: p.description,
    priceDaily,
    priceHour: p.priceHour,
    threeDay: p.threeDay,
    aweek: p.aweek,
    twoWeek: p.twoWeek,
    month: p.month,
    weekendDay: p.weekendDay,
    cost: p.cost,
    rentDays: p.rentDays,
    startTs: p.startTs,
    endTs: p.endTs,
    vacationDays: p.vacationDays,
    lat: p.lat,
    lon: p.lon,
    locationDescription: p.locationDescription,
    // Some demo products carry fields their category no longer takes; the price is what matters here.
    technical: {},
  });
  if (res.statusCode !== 200) throw new Error(`PUT /products/${productId} answered ${res.statusCode}: ${res.body}`);
}

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ctx.clock.set('2025-06-02T09:00:00Z');
  ({ ids, as } = await demoCast(ctx));
  ownerProduct = await bookableDemoProduct(ctx, ids.owner, { priceDailyCents: 4000 });
  businessProduct = await bookableDemoProduct(ctx, ids.business, { priceDailyCents: 4000 });
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(unsaveAll);

describe('saving products', () => {
  it('lists a saved product for the same user in any session (another device), as the search card prices it', async () => {
    await save('renter', ownerProduct);
    ctx.clock.advance(60_000);
    await save('renter', businessProduct);
    // A fresh session each call: what one device saved, the next finds.
    expect(await savedIds('renter')).toEqual([businessProduct, ownerProduct]);
    const cards = await list('renter');
    expect(cards.map((c) => c.id)).toEqual([businessProduct, ownerProduct]);

    const business = cards.find((c) => c.id === businessProduct)!;
    const [name] = await ctx.database.db.select({ name: products.name }).from(products).where(eq(products.id, businessProduct));
    const found = await ctx.app.inject({ url: `/products/search?perPage=100&name=${encodeURIComponent(name.name)}` });
    expect({ status: found.statusCode, body: found.body }).toMatchObject({ status: 200 });
    const searchCards = SearchResultList.parse(found.json());
    expect(business).toMatchObject({ title: name.name, available: true, priceDropped: false });
    // 40 € net plus the owner's VAT, in whole euros: the price search shows, not the net one.
    expect(business.displayPrice).toBeGreaterThan(40);
    expect(business.savedPrice).toBe(business.displayPrice);
    expect(business.displayPrice).toBe(searchCards.find((c) => c.id === businessProduct)?.displayPrice);
    expect(business.imageUrl).toBe(searchCards.find((c) => c.id === businessProduct)?.imageUrl);
    expect(business.imageUrl).toBeTruthy();
    expect(cards.find((c) => c.id === ownerProduct)).toMatchObject({ displayPrice: 40, savedPrice: 40 });
  });

  it('saves idempotently and removes (removing twice is fine)', async () => {
    await save('renter', ownerProduct);
    await save('renter', ownerProduct);
    expect(await savedIds('renter')).toEqual([ownerProduct]);
    const [row] = await ctx.database.db.select().from(savedProducts);
    expect(row.savedPriceCents).toBe(4000);
    for (let i = 0; i < 2; i++) {
      const res = await call('renter', 'DELETE', `/users/me/saved-products/${ownerProduct}`);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: { ok: true } });
    }
    expect(await list('renter')).toEqual([]);
  });

  it('refuses a deleted or removed-from-rent product with an Estonian 404; one already saved stays listed as unavailable', async () => {
    const other = await bookableDemoProduct(ctx, ids.owner, { priceDailyCents: 2000 }, 1);
    await save('renter', other);
    await ctx.database.db.update(products).set({ deleted: true }).where(eq(products.id, other));
    const gone = expectApiError(await call('limited', 'PUT', `/users/me/saved-products/${other}`), 404, 'NOT_FOUND');
    expect(gone.message).toBe(messages.errors.savedProducts.unavailable);
    expect(await list('renter')).toEqual([
      expect.objectContaining({ id: other, available: false, displayPrice: null, priceDropped: false }),
    ]);

    await ctx.database.db.update(products).set({ deleted: false, inactiveReason: 'Remondis' }).where(eq(products.id, other));
    expectApiError(await call('limited', 'PUT', `/users/me/saved-products/${other}`), 404, 'NOT_FOUND');
    expectApiError(await call('limited', 'PUT', '/users/me/saved-products/2147483647'), 404, 'NOT_FOUND');
    await ctx.database.db.update(products).set({ inactiveReason: null }).where(eq(products.id, other));
  });

  it(`keeps at most ${SAVED_PRODUCTS_MAX} products per user, with a clear message`, async () => {
    // The demo catalogue is smaller than the cap: plain copies of one product make up the rest.
    await ctx.database.db.execute(
      sql`insert into products (user_id, category_id, name, created_ts, updated_ts)
          select p.user_id, p.category_id, p.name || ' ' || g, p.created_ts, p.updated_ts
          from (select * from products order by id limit 1) p, generate_series(1, ${SAVED_PRODUCTS_MAX}) g`,
    );
    const rows = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .orderBy(products.id)
      .limit(SAVED_PRODUCTS_MAX + 1);
    const filler = rows
      .map((r) => r.id)
      .filter((id) => id !== ownerProduct)
      .slice(0, SAVED_PRODUCTS_MAX);
    expect(filler).toHaveLength(SAVED_PRODUCTS_MAX);
    const now = ctx.clock.now();
    await ctx.database.db.insert(savedProducts).values(filler.map((productId) => ({ userId: ids.renter, productId, savedTs: now })));

    const refused = expectApiError(await call('renter', 'PUT', `/users/me/saved-products/${ownerProduct}`), 409, 'TOO_MANY_SAVED');
    expect(refused.message).toBe(`Salvestada saab kuni ${SAVED_PRODUCTS_MAX} toodet. Eemalda mõni salvestatud toode ja proovi uuesti.`);
    // Saving one already saved at the cap is still fine (idempotent); after a removal there is room.
    await save('renter', filler[1]);
    expect((await call('renter', 'DELETE', `/users/me/saved-products/${filler[1]}`)).statusCode).toBe(200);
    await save('renter', ownerProduct);
    expect(await savedIds('renter')).toHaveLength(SAVED_PRODUCTS_MAX);
    expect(await list('renter')).toHaveLength(SAVED_PRODUCTS_MAX);
  });
});

describe('authorization', () => {
  const signedIn: Who[] = ['renter', 'owner', 'business', 'limited', 'needsId', 'admin'];

  it('refuses every endpoint to an anonymous caller with 401, writing nothing', async () => {
    const before = await tableDigest(ctx.database.db, ['saved_products']);
    for (const [method, url] of [
      ['GET', '/users/me/saved-products'],
      ['GET', '/users/me/saved-products/ids'],
      ['PUT', `/users/me/saved-products/${ownerProduct}`],
      ['DELETE', `/users/me/saved-products/${ownerProduct}`],
    ] as const) {
      const refused = expectApiError(await call(undefined, method, url), 401, 'UNAUTHORIZED');
      expect(refused.message).not.toMatch(/[Uu]nauthorized/);
    }
    expect(await tableDigest(ctx.database.db, ['saved_products'])).toBe(before);
  });

  it.each(signedIn)('lets %s save, list and remove their own', async (who) => {
    await save(who, ownerProduct);
    expect(await savedIds(who)).toEqual([ownerProduct]);
    expect((await list(who)).map((c) => c.id)).toEqual([ownerProduct]);
    expect((await call(who, 'DELETE', `/users/me/saved-products/${ownerProduct}`)).statusCode).toBe(200);
    expect(await savedIds(who)).toEqual([]);
  });

  it("never shows or removes another user's saved products", async () => {
    await save('renter', ownerProduct);
    expect(await savedIds('other')).toEqual([]);
    expect(await list('other')).toEqual([]);
    // Their DELETE of the same product removes only their own (none): the renter's stays.
    expect((await call('other', 'DELETE', `/users/me/saved-products/${ownerProduct}`)).statusCode).toBe(200);
    expect(await savedIds('renter')).toEqual([ownerProduct]);
    // There is no path naming another user: an id in place of `me` is no route.
    expect((await call('other', 'GET', `/users/${ids.renter}/saved-products`)).statusCode).toBe(404);
  });

  it('refuses a write from another site (the CSRF rule of every write)', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/users/me/saved-products/${ownerProduct}`,
      headers: { ...(await as('renter')), origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(await savedIds('renter')).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers a bad product id with an Estonian 400 on both writes, changing nothing', async () => {
    await save('renter', ownerProduct);
    const before = await tableDigest(ctx.database.db, ['saved_products']);
    for (const bad of ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', '%20', 'null', '1;2']) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const refused = expectApiError(await call('renter', method, `/users/me/saved-products/${bad}`), 400, 'VALIDATION_ERROR');
        expect(refused.message).not.toMatch(/Invalid|Expected|Too (big|small)|Number must/);
      }
    }
    // A body where none is expected is ignored, not a 500.
    const withBody = await call('renter', 'PUT', `/users/me/saved-products/${ownerProduct}`, { productId: 'x' });
    expect(withBody.statusCode).toBe(200);
    expect(await tableDigest(ctx.database.db, ['saved_products'])).toBe(before);
  });
});

describe('price-drop notices', () => {
  it('tells each saver once when the day price drops, naming the product and old → new price; a rise or equal tells nobody', async () => {
    await save('renter', ownerProduct);
    await save('limited', ownerProduct);
    await save('owner', ownerProduct); // the owner's own product: never told
    const [{ name }] = await ctx.database.db.select({ name: products.name }).from(products).where(eq(products.id, ownerProduct));
    const outboxBefore = (await mailJobs(ctx.database)).length;

    await setDayPrice('owner', ownerProduct, 40); // equal
    await setDayPrice('owner', ownerProduct, 45); // a rise
    expect(await notices('renter')).toEqual([]);

    await setDayPrice('owner', ownerProduct, 30);
    const [told] = await notices('renter');
    expect(told.message).toBe(`Salvestatud toote ${name} hind langes: 40\u00a0€ → 30\u00a0€ päevas.`);
    expect(told.referenceList).toEqual([{ type: 'PRODUCT', referenceId: ownerProduct }]);
    expect(await notices('limited')).toHaveLength(1);
    expect(await notices('owner')).toEqual([]);
    // The mail copy went into the outbox with the notice (the job sends it if the saver allows mail).
    expect((await mailJobs(ctx.database)).length - outboxBefore).toBe(2);
    // The list shows the drop since saving.
    expect((await list('renter'))[0]).toMatchObject({ savedPrice: 40, displayPrice: 30, priceDropped: true });

    // Saving the same price again, or going back up, tells nobody; only a new low is news.
    await setDayPrice('owner', ownerProduct, 30);
    await setDayPrice('owner', ownerProduct, 35);
    expect(await notices('renter')).toHaveLength(1);
    await setDayPrice('owner', ownerProduct, 25);
    const messagesNow = (await notices('renter')).map((n) => n.message);
    expect(messagesNow).toEqual([`Salvestatud toote ${name} hind langes: 30\u00a0€ → 25\u00a0€ päevas.`, told.message]);
    const [row] = await ctx.database.db
      .select()
      .from(savedProducts)
      .where(and(eq(savedProducts.userId, ids.renter), eq(savedProducts.productId, ownerProduct)));
    expect(row).toMatchObject({ savedPriceCents: 4000, lastSeenPriceCents: 2500 });
    await setDayPrice('owner', ownerProduct, 40);
  });

  it('tells in the prices renters see: a VAT-liable owner’s net cut shows with VAT', async () => {
    await save('renter', businessProduct);
    const before = (await list('renter'))[0].displayPrice!;
    await setDayPrice('business', businessProduct, 30);
    const after = (await list('renter'))[0].displayPrice!;
    expect(after).toBeGreaterThan(30);
    const [told] = await notices('renter');
    expect(told.message).toContain(`${before}\u00a0€ → ${after}\u00a0€`);
    await setDayPrice('business', businessProduct, 40);
  });

  it('does not tell savers of a product that is removed from rent', async () => {
    await save('renter', ownerProduct);
    await ctx.database.db.update(products).set({ inactiveReason: 'Remondis' }).where(eq(products.id, ownerProduct));
    await setDayPrice('owner', ownerProduct, 20);
    expect(await notices('renter')).toEqual([]);
    await ctx.database.db.update(products).set({ inactiveReason: null }).where(eq(products.id, ownerProduct));
    await setDayPrice('owner', ownerProduct, 40);
  });
});
