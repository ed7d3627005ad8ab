import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { catalogPriceCents, GO_KART, tallinnDateOf, toCents } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages';
import {
  ApiErrorBody,
  OWNER_WIDGET_DEFAULT_ITEMS,
  OWNER_WIDGET_MAX_ITEMS,
  OwnerWidgetResponse,
  Product,
  ownerWidgetProductsPath,
} from 'shared-kernel/schemas';
import { buildApp } from '../src/app';
import { RATE_LIMITS } from '../src/plugins/abuse-limits';
import { categories, productVacationDays, products, users } from '../src/db/schema';
import { createTestApp, demoUserIds, sessionHeaders, type TestContext } from '../src/testing/test-app';
import { testFilesDir } from '../src/testing/test-database';

// Issue 17: GET /public/owners/{ownerId}/widget-products, the owner widget's data. The clock is
// Monday 2 June 2025, 12:00 in Tallinn; the demo seed (1 June) put manual rents on the business
// owner's newest product for 2-3 June and 7 June.

let ctx: TestContext;
// Test roles → demo users (src/demo/demo-users.ts): the go-kart company doubles as a blocked business.
const ROLES = {
  renter: 'renter',
  owner: 'privateOwner',
  business: 'businessOwner',
  machinery: 'machinery',
  karting: 'karting',
  other: 'secondOwner',
  limited: 'limited',
  needsId: 'needsId',
  suspended: 'suspended',
} as const;
type Who = keyof typeof ROLES;
const ids = {} as Record<Who, number>;

const url = (ownerId: number | string, query = '') => `${ownerWidgetProductsPath(ownerId as number)}${query}`;

async function get(path: string, who?: Who) {
  return ctx.app.inject({ url: path, headers: await sessionHeaders(ctx, who && ids[who]) });
}

async function widget(ownerId: number, query = ''): Promise<OwnerWidgetResponse> {
  const res = await get(url(ownerId, query));
  expect(res.statusCode).toBe(200);
  return OwnerWidgetResponse.parse(res.json());
}

/** The business owner's public products in the widget's order, from the table itself. */
async function businessProductIds(): Promise<number[]> {
  const rows = await ctx.database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.userId, ids.business), eq(products.deleted, false), isNull(products.inactiveReason)))
    .orderBy(desc(products.createdTs), desc(products.id));
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  const demo = await demoUserIds(ctx);
  for (const [who, key] of Object.entries(ROLES)) ids[who as Who] = demo[key];
  // A blocked business: the platform suspends the go-kart company for these tests.
  await ctx.database.db.update(users).set({ suspended: true }).where(eq(users.id, ids.karting));
});
afterAll(async () => {
  await ctx.close();
});

describe('who may read it', () => {
  it('answers every caller the same public body: anonymous, renter, the owner, another user, limited, need-ID', async () => {
    const anonymous = await get(url(ids.business));
    expect(anonymous.statusCode).toBe(200);
    for (const who of ['renter', 'business', 'other', 'limited', 'needsId', 'owner'] as const) {
      const res = await get(url(ids.business), who);
      expect({ who, status: res.statusCode, body: res.body }).toEqual({ who, status: 200, body: anonymous.body });
    }
  });

  it('answers 404 with one Estonian message for a private owner, a suspended one, a blocked business and a missing id', async () => {
    const bodies = [];
    for (const ownerId of [ids.owner, ids.other, ids.suspended, ids.karting, 999_999, 2_147_483_647]) {
      const res = await get(url(ownerId));
      expect({ ownerId, status: res.statusCode }).toEqual({ ownerId, status: 404 });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      bodies.push(res.json());
    }
    expect(bodies[0]).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: messages.errors.api.widgetOwnerNotFound });
    expect(messages.errors.api.widgetOwnerNotFound).toMatch(/ettevõtet/);
    for (const body of bodies) expect(body).toEqual(bodies[0]);
  });
});

describe('what it answers', () => {
  it('names the business and lists its newest public products, with nothing personal', async () => {
    const res = await get(url(ids.business));
    const body = OwnerWidgetResponse.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(['owner', 'products']);
    expect(res.json().owner).toEqual({ id: ids.business, name: 'Rendiäri OÜ' });
    expect(body.products).toHaveLength(OWNER_WIDGET_DEFAULT_ITEMS);
    for (const p of res.json().products) {
      expect(Object.keys(p).sort()).toEqual(['dailyPriceCents', 'id', 'imageUrl', 'nextFreeDays', 'productUrl', 'title', 'vatIncluded']);
    }
    expect(body.products.map((p) => p.id)).toEqual((await businessProductIds()).slice(0, OWNER_WIDGET_DEFAULT_ITEMS));
    // The account's e-mail, phone, registry code, representative and personal code appear nowhere.
    for (const secret of ['firma@rendime.ee', '+37255534567', '55534567', '12345678', 'Peeter', '38501140035', 'EE38'])
      expect(res.body).not.toContain(secret);
  });

  it('gives absolute links: the cover image through the platform and the product page', async () => {
    const body = await widget(ids.business);
    const first = body.products[0];
    expect(first.productUrl).toBe(`http://localhost:3000/public/detail-view/${first.id}`);
    const product = Product.parse((await get(`/products/${first.id}`)).json());
    expect(first.title).toBe(product.name);
    expect(first.imageUrl).toBe(`http://localhost:3000${product.images[0].url}`);
    const file = await get(new URL(first.imageUrl!).pathname.replace(/^\/api/, ''));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\//);
  });

  it('leaves out deleted and inactive products', async () => {
    const [deletedId, inactiveId, thirdId] = await businessProductIds();
    await ctx.database.db.update(products).set({ deleted: true }).where(eq(products.id, deletedId));
    await ctx.database.db.update(products).set({ inactiveReason: 'Hoolduses' }).where(eq(products.id, inactiveId));
    try {
      const listed = (await widget(ids.business, `?limit=${OWNER_WIDGET_MAX_ITEMS}`)).products.map((p) => p.id);
      expect(listed).not.toContain(deletedId);
      expect(listed).not.toContain(inactiveId);
      expect(listed[0]).toBe(thirdId);
      expect(listed).toHaveLength(OWNER_WIDGET_MAX_ITEMS);
    } finally {
      await ctx.database.db.update(products).set({ deleted: false, inactiveReason: null }).where(eq(products.id, deletedId));
      await ctx.database.db.update(products).set({ inactiveReason: null }).where(eq(products.id, inactiveId));
    }
  });

  it('leaves out the go-kart track, which is sold by the slot on its own page', async () => {
    const [track] = await ctx.database.db
      .select({
        userId: products.userId,
        priceDailyCents: products.priceDailyCents,
        deleted: products.deleted,
        inactiveReason: products.inactiveReason,
      })
      .from(products)
      .where(eq(products.id, GO_KART.productId));
    // The track is a public, day-priced product of the go-kart company, so only the rule keeps it out.
    expect(track).toEqual({ userId: ids.karting, priceDailyCents: expect.any(Number), deleted: false, inactiveReason: null });
    expect(track.priceDailyCents).toBeGreaterThan(0);
    await ctx.database.db.update(users).set({ suspended: false }).where(eq(users.id, ids.karting));
    try {
      const body = await widget(ids.karting, `?limit=${OWNER_WIDGET_MAX_ITEMS}`);
      expect(body.products.map((p) => p.id)).not.toContain(GO_KART.productId);
    } finally {
      await ctx.database.db.update(users).set({ suspended: true }).where(eq(users.id, ids.karting));
    }
  });

  it('takes a limit from 1 to 24', async () => {
    expect((await widget(ids.business, '?limit=1')).products).toHaveLength(1);
    expect((await widget(ids.business, '?limit=2')).products.map((p) => p.id)).toEqual((await businessProductIds()).slice(0, 2));
    expect((await widget(ids.business, '?limit=24')).products).toHaveLength(24);
  });

  it('filters by a category; a parent category includes its children', async () => {
    const rows = await ctx.database.db
      .select({ id: products.id, categoryId: products.categoryId, parent: categories.parentCategoryId })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.userId, ids.business), eq(products.deleted, false), isNull(products.inactiveReason)))
      .orderBy(desc(products.createdTs), desc(products.id));
    const child = rows[0].categoryId;
    const parent = rows[0].parent!;
    const inChild = (await widget(ids.business, `?category=${child}&limit=24`)).products.map((p) => p.id);
    expect(inChild).toEqual(
      rows
        .filter((r) => r.categoryId === child)
        .map((r) => r.id)
        .slice(0, 24),
    );
    const inParent = (await widget(ids.business, `?category=${parent}&limit=24`)).products.map((p) => p.id);
    expect(inParent).toEqual(
      rows
        .filter((r) => r.parent === parent)
        .map((r) => r.id)
        .slice(0, 24),
    );
    expect(inParent.length).toBeGreaterThanOrEqual(inChild.length);
    // A category the owner has nothing in: an empty list, not an error.
    const unused = (await ctx.database.db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id)))
      .map((c) => c.id)
      .find((id) => !rows.some((r) => r.categoryId === id || r.parent === id));
    expect((await widget(ids.business, `?category=${unused}`)).products).toEqual([]);
  });

  it('prices a day as the product page does: with VAT for a VAT-liable business, without otherwise', async () => {
    const [vatId] = await businessProductIds();
    await ctx.database.db.update(products).set({ priceDailyCents: 10_000 }).where(eq(products.id, vatId));
    const vat = (await widget(ids.business)).products.find((p) => p.id === vatId)!;
    const [plain] = (await widget(ids.machinery)).products;
    await ctx.database.db.update(products).set({ priceDailyCents: 10_000 }).where(eq(products.id, plain.id));
    const noVat = (await widget(ids.machinery)).products.find((p) => p.id === plain.id)!;
    const today = tallinnDateOf(ctx.clock.now());
    expect(vat).toMatchObject({ vatIncluded: true, dailyPriceCents: catalogPriceCents(10_000, true, today) });
    expect(noVat).toMatchObject({ vatIncluded: false, dailyPriceCents: catalogPriceCents(10_000, false, today) });
    // June 2025: 100 € net and 22 % VAT of it; the renter's rent fee is the same on both.
    expect(vat.dailyPriceCents - noVat.dailyPriceCents).toBe(2_200);
    // What the product page computes from the product it reads (mf-public's priceRows).
    const page = Product.parse((await get(`/products/${vatId}`)).json());
    expect(vat.dailyPriceCents).toBe(catalogPriceCents(toCents(page.priceDaily!), page.allowVat, today));
  });

  it('lists the next free whole days, skipping booked days, vacation days and today once it has begun', async () => {
    const [newest] = await businessProductIds();
    await ctx.database.db
      .update(products)
      .set({ rentDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'], startTs: '08:00', endTs: '18:00' })
      .where(eq(products.id, newest));
    await ctx.database.db.delete(productVacationDays).where(eq(productVacationDays.productId, newest));
    const days = async () => (await widget(ids.business)).products.find((p) => p.id === newest)!.nextFreeDays;
    // Booked 2-3 June (demo manual rent); today (2 June) is under way anyway.
    expect(await days()).toEqual(['2025-06-04', '2025-06-05', '2025-06-06']);
    await ctx.database.db.insert(productVacationDays).values({ productId: newest, day: '2025-06-05' });
    expect(await days()).toEqual(['2025-06-04', '2025-06-06', '2025-06-08']);
    const saved = ctx.clock.now();
    try {
      // 07:00 on 6 June in Tallinn: before opening, today is a whole day; 7 June is booked.
      ctx.clock.set('2025-06-06T04:00:00Z');
      expect(await days()).toEqual(['2025-06-06', '2025-06-08', '2025-06-09']);
    } finally {
      ctx.clock.set(saved);
    }
  });
});

describe('headers', () => {
  it('is open to every origin without credentials, cacheable for a minute, and never sets a cookie', async () => {
    const plain = await ctx.app.inject({ url: url(ids.business), headers: { origin: 'https://firma.example' } });
    const withCookie = await ctx.app.inject({
      url: url(ids.business),
      headers: { origin: 'https://firma.example', ...(await sessionHeaders(ctx, ids.business)) },
    });
    const bogusCookie = await ctx.app.inject({ url: url(ids.business), headers: { cookie: 'rendime_sid=not-a-token; other=1' } });
    for (const res of [plain, withCookie, bogusCookie]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.body).toBe(plain.body);
    }
  });

  it('answers a CORS preflight', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: url(ids.business),
      headers: {
        origin: 'https://firma.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET, OPTIONS');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('lets another site show product images, while other answers stay same-site', async () => {
    const [first] = (await widget(ids.business)).products;
    const image = await get(new URL(first.imageUrl!).pathname.replace(/^\/api/, ''));
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await get(`/products/${first.id}`)).headers['cross-origin-resource-policy']).toBe('same-site');
    expect((await get(url(ids.business))).headers['cross-origin-resource-policy']).toBe('same-site');
  });
});

describe('bad input', () => {
  const badOwnerIds = ['-1', '0', '2147483648', '99999999999999999999999', '1e400', 'abc', '%00', '3%00', '1.5', '%20'];
  const badValues = ['-1', '0', '25', '99999999999999999999999', '1e400', 'abc', '%00', '5%00', '1.5', '', '%20', 'Infinity'];

  it('refuses a broken owner id with 400 and a message, never 500', async () => {
    for (const ownerId of badOwnerIds) {
      const res = await get(url(ownerId));
      expect({ ownerId, status: res.statusCode }).toEqual({ ownerId, status: 400 });
      expect(ApiErrorBody.parse(res.json()).message.length).toBeGreaterThan(0);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('refuses a broken limit or category with 400 and a message, arrays included', async () => {
    const cases = [
      ...badValues.map((v) => `?limit=${v}`),
      ...badValues.filter((v) => v !== '25').map((v) => `?category=${v}`),
      '?category=2147483648',
      '?limit=2&limit=3',
      '?category=1&category=2',
      '?limit[]=2',
    ];
    for (const query of cases) {
      const res = await get(url(ids.business, query));
      expect({ query, status: res.statusCode }).toEqual({ query, status: query === '?limit[]=2' ? 200 : 400 });
      if (res.statusCode === 400) expect(ApiErrorBody.parse(res.json()).message.length).toBeGreaterThan(0);
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After and an Estonian message after 120 reads a minute from one address, counted across replicas', async () => {
    const limited = await createTestApp({ app: { config: { rateLimits: true } } });
    // A second replica on the same database: the count is shared.
    const replica = await buildApp({
      database: limited.database,
      clock: limited.clock,
      config: { filesDir: testFilesDir(), sandboxServices: true, cookieSecure: false, rateLimits: true },
    });
    try {
      const path = url(1);
      // Reads on both replicas, then the counter brought to 119 directly (120 requests one by one
      // take most of a minute on a busy PGlite), then the 120th read, still allowed.
      for (let i = 0; i < 4; i += 1) {
        const res = await (i % 2 === 0 ? limited.app : replica).inject({ url: path, remoteAddress: '203.0.113.7' });
        expect(res.statusCode).toBe(404);
      }
      const [rule] = RATE_LIMITS.ownerWidget;
      expect(rule).toMatchObject({ limit: 120, windowMs: 60_000 });
      expect(await limited.app.rateLimitRepository.used('owner-widget:address:203.0.113.7', rule, limited.clock.now())).toBe(4);
      await limited.app.rateLimitRepository.take('owner-widget:address:203.0.113.7', rule, limited.clock.now(), 115);
      expect((await limited.app.inject({ url: path, remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
      const over = await replica.inject({ url: path, remoteAddress: '203.0.113.7' });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.headers['access-control-allow-origin']).toBe('*');
      expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', message: messages.errors.abuse.tooManyWidgetRequests });
      // Another address is not held up.
      expect((await limited.app.inject({ url: path, remoteAddress: '203.0.113.8' })).statusCode).toBe(404);
      limited.clock.advance(61_000);
      expect((await limited.app.inject({ url: path, remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
    } finally {
      await replica.close();
      await limited.close();
    }
  });
});
