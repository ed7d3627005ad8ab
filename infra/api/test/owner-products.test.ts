import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  AdditionalService,
  OwnerProduct,
  OwnerProductList,
  Product,
  ProductDetails,
  SearchResultList,
  type NewProductRequest,
} from 'shared-kernel/schemas';
import { notifications, products, reservations } from '../src/db/schema';
import { uploadedFileName } from '../src/services/storage';
import { createTestApp, demoCast, sessionHeaders, type TestAs, type TestContext, type TestWho as Who } from '../src/testing/test-app';
import { expectApiError, tableDigest } from '../src/testing/assertions';

// Issue 11, owner tools: POST /products, PUT /products/{id}, remove, restore, bulk, services and
// my products. The clock is Monday 2 June 2025, 12:00 in Tallinn.

let ctx: TestContext;

let ids: Record<Who, number>;
let as: TestAs;

const TRAILER = 17; // child of 1 'Haagised'
const TRAILERS_PARENT = 1;
const CAR = 56;
const VORU = { lat: 57.8339, lon: 27.0194 };

async function call(who: Who | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: await as(who), ...(payload === undefined ? {} : { payload: payload as object }) });
}

const expectError = expectApiError;

/** A digest of every table an owner call may write: a refused call must leave them as they were. */
const ownerTables = () =>
  tableDigest(ctx.database.db, [
    'products',
    'product_images',
    'product_vacation_days',
    'additional_services',
    'reservations',
    'notifications',
    'mail_outbox',
    'contracts',
  ]);

/** An upload as POST /file-upload/images leaves it: a real image stored under the uploader's name. */
async function upload(who: Who, width = 400): Promise<string> {
  const name = uploadedFileName(ids[who], 'jpg');
  await ctx.app.fileStorage.put(
    name,
    await sharp({ create: { width, height: 300, channels: 3, background: '#4a8' } })
      .jpeg()
      .toBuffer(),
  );
  return name;
}

async function productBody(who: Who, overrides: Partial<NewProductRequest> = {}): Promise<NewProductRequest> {
  return {
    name: 'Kastihaagis Zorbla 750',
    categoryId: TRAILER,
    description: 'Kerge kastihaagis, kate kaasas.',
    priceDaily: 25,
    priceHour: 5,
    threeDay: 20,
    cost: 100,
    rentDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
    startTs: '08:00',
    endTs: '18:00',
    vacationDays: ['2025-06-24', '2025-06-23', '2025-06-24'],
    lat: VORU.lat,
    lon: VORU.lon,
    locationDescription: 'Võru, Võru linn',
    technical: { lengthOfItem: 2.5, maxCarry: 750, axleCount: 1, canGoForeign: true },
    images: [await upload(who), await upload(who)],
    additionalServices: [{ name: 'Rihmad', cost: 3.5, additionalInfo: 'Neli tükki' }],
    ...overrides,
  };
}

async function create(who: Who, overrides: Partial<NewProductRequest> = {}): Promise<OwnerProduct> {
  const res = await call(who, 'POST', '/products', await productBody(who, overrides));
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 201 });
  return OwnerProduct.parse(res.json());
}

/** The update body of an existing product (the wizard sends the whole general and time step). */
function updateBody(p: OwnerProduct, overrides: Record<string, unknown> = {}) {
  return {
    name: p.name,
    categoryId: p.categoryId,
    description: p.description,
    priceDaily: p.priceDaily,
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
    technical: Object.fromEntries(Object.entries(p.technical).filter(([, v]) => v !== null)),
    ...overrides,
  };
}

async function search(query: string) {
  const res = await ctx.app.inject({ url: `/products/search?${query}` });
  expect(res.statusCode).toBe(200);
  return SearchResultList.parse(res.json());
}

async function book(productId: number, start: string, end: string) {
  return call('renter', 'POST', `/reservations/product/${productId}`, { startTs: start, endTs: end });
}

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ctx.clock.set('2025-06-02T09:00:00Z');
  ({ ids, as } = await demoCast(ctx));
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /products', () => {
  it('creates the product as sent, with its images in order, services and de-duplicated rest days', async () => {
    const body = await productBody('owner');
    const res = await call('owner', 'POST', '/products', body);
    expect(res.statusCode).toBe(201);
    const p = OwnerProduct.parse(res.json());
    expect(p).toMatchObject({
      name: 'Kastihaagis Zorbla 750',
      userId: ids.owner,
      categoryId: TRAILER,
      parentCategoryId: TRAILERS_PARENT,
      priceDaily: 25,
      priceHour: 5,
      threeDay: 20,
      aweek: null,
      cost: 100,
      startTs: '08:00',
      endTs: '18:00',
      vacationDays: ['2025-06-23', '2025-06-24'],
      lat: VORU.lat,
      lon: VORU.lon,
      locationDescription: 'Võru, Võru linn',
      active: true,
      rentedNow: false,
      deleted: false,
      inactiveReason: null,
      ownerReservations: [],
      productCode: null,
      paidLater: false,
    });
    expect(p.technical).toMatchObject({ lengthOfItem: 2.5, maxCarry: 750, axleCount: 1, canGoForeign: true, gear: null });
    expect(p.images.map((i) => i.url.split('/').pop())).toEqual(body.images);
    expect(p.additionalServices).toEqual([{ id: expect.any(Number), name: 'Rihmad', cost: 3.5, additionalInfo: 'Neli tükki' }]);

    // The public reads show it at once.
    const pub = Product.parse((await ctx.app.inject({ url: `/products/${p.id}` })).json());
    expect(pub).toMatchObject({ name: p.name, priceDaily: 25, vacationDays: ['2025-06-23', '2025-06-24'] });
    const details = ProductDetails.parse((await ctx.app.inject({ url: `/products/${p.id}/details` })).json());
    expect(details.technical.maxCarry).toBe(750);
  });

  it('makes the cover a 435 px copy when the first image is wider (spec 5), and refuses a file that is no image', async () => {
    const wide = await upload('owner', 1200);
    const body = await productBody('owner', { images: [wide, await upload('owner')] });
    const res = await call('owner', 'POST', '/products', body);
    expect(res.statusCode).toBe(201);
    const p = OwnerProduct.parse(res.json());
    const cover = p.images[0].url.split('/').pop() as string;
    expect(cover).not.toBe(wide);
    expect((await sharp((await ctx.app.fileStorage.get(cover)) as Buffer).metadata()).width).toBe(435);
    expect(p.images[1].url.split('/').pop()).toBe(body.images?.[1]);
    // Issue 25: the upload itself, 1200 px, is the cover's large rendition, served for large displays.
    expect(p.images.map((i) => i.largeUrl?.split('/').pop())).toEqual([wide, undefined]);
    const large = await ctx.app.inject({ url: `/files/${wide}` });
    expect(large.statusCode).toBe(200);
    expect((await sharp(large.rawPayload).metadata()).width).toBe(1200);

    const junk = uploadedFileName(ids.owner, 'jpg');
    await ctx.app.fileStorage.put(junk, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]));
    const refused = await call('owner', 'POST', '/products', await productBody('owner', { images: [junk] }));
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 400, code: 'INVALID_FILE_TYPE' });
  });
  it('is found by search at once: by name, category, place and its price', async () => {
    const p = await create('owner', { name: 'Vrümfläkser haagis' });
    expect((await search('name=vrumflakser')).map((r) => r.id)).toContain(p.id);
    const byCategory = await search(`category=${TRAILER}&lat=${VORU.lat}&lon=${VORU.lon}&distance=1&perPage=100`);
    expect(byCategory.map((r) => r.id)).toContain(p.id);
    const near = await search(`name=vrumflakser&lat=${VORU.lat + 0.01}&lon=${VORU.lon}&distance=5`);
    expect(near.find((r) => r.id === p.id)).toMatchObject({ priceDaily: 25, displayPrice: 25, locationDescription: 'Võru, Võru linn' });
    // Far away (Tallinn) the circle does not reach Võru.
    expect((await search('name=vrumflakser&lat=59.437&lon=24.7536&distance=20')).map((r) => r.id)).not.toContain(p.id);
  });

  it('keeps the rent days and hours where the booking calendar reads them', async () => {
    const p = await create('owner', { rentDays: ['MONDAY'], startTs: '09:00', endTs: '17:00', vacationDays: ['2025-06-16'] });
    // Tuesday is not a rent day; Monday 16 June is a rest day; Monday 9 June in the hours is fine.
    expectError(await book(p.id, '2025-06-10T09:00:00+03:00', '2025-06-10T12:00:00+03:00'), 409, 'UNAVAILABLE');
    expectError(await book(p.id, '2025-06-16T09:00:00+03:00', '2025-06-16T12:00:00+03:00'), 409, 'IS_VACATION_DAY');
    expectError(await book(p.id, '2025-06-09T08:00:00+03:00', '2025-06-09T12:00:00+03:00'), 409, 'UNAVAILABLE');
    expect((await book(p.id, '2025-06-09T09:00:00+03:00', '2025-06-09T12:00:00+03:00')).statusCode).toBe(201);
  });

  it('takes the business extras from a business owner', async () => {
    const p = await create('business', {
      productCode: 'HX-750',
      paidLater: true,
      automaticallyApproved: true,
      automaticallyApprovedTxt: 'Tule kontorisse.',
    });
    expect(p).toMatchObject({
      productCode: 'HX-750',
      paidLater: true,
      automaticallyApproved: true,
      automaticallyApprovedTxt: 'Tule kontorisse.',
      allowVat: true,
    });
    // Search shows the VAT-liable owner's daily price with VAT.
    const hit = (await search('name=zorbla&perPage=100')).find((r) => r.id === p.id);
    expect(hit?.displayPrice).toBeGreaterThan(25);
  });

  it('lets a limited user list a product (the spec limits only their deposits)', async () => {
    const p = await create('limited');
    expect(p.userId).toBe(ids.limited);
  });

  it('refuses the signed-out, the unverified and B2B extras from a private owner, changing nothing', async () => {
    const before = await ownerTables();
    expectError(await call(undefined, 'POST', '/products', await productBody('owner')), 401, 'UNAUTHORIZED');
    const needsId = expectError(await call('needsId', 'POST', '/products', await productBody('needsId')), 403, 'FORBIDDEN');
    expect(needsId.codes).toContain('IDENTITY_NOT_VERIFIED');
    for (const extra of [{ productCode: 'X1' }, { paidLater: true }, { automaticallyApproved: true, automaticallyApprovedTxt: 'Jah' }]) {
      expectError(await call('owner', 'POST', '/products', await productBody('owner', extra)), 400, 'B2B_ONLY');
    }
    expect(await ownerTables()).toBe(before);
  });

  it('walks bad input: each refused with a code and nothing changed', async () => {
    const othersUpload = await upload('other');
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['no name', { name: '' }, 400, 'VALIDATION_ERROR'],
      ['zero daily price', { priceDaily: 0 }, 400, 'VALIDATION_ERROR'],
      ['three decimals', { priceDaily: 1.005 }, 400, 'VALIDATION_ERROR'],
      ['negative deposit', { cost: -1 }, 400, 'VALIDATION_ERROR'],
      ['start after end', { startTs: '18:00', endTs: '08:00' }, 400, 'VALIDATION_ERROR'],
      ['bad clock', { startTs: '25:00' }, 400, 'VALIDATION_ERROR'],
      ['bad weekday', { rentDays: ['FUNDAY'] }, 400, 'VALIDATION_ERROR'],
      ['bad rest day', { vacationDays: ['2025-02-30'] }, 400, 'VALIDATION_ERROR'],
      ['no images', { images: [] }, 400, 'VALIDATION_ERROR'],
      ['five images', { images: ['a', 'b', 'c', 'd', 'e'] }, 400, 'VALIDATION_ERROR'],
      ["another user's upload", { images: [othersUpload] }, 400, 'INVALID_IMAGE'],
      ['an upload that is not stored', { images: [uploadedFileName(ids.owner, 'png')] }, 400, 'INVALID_IMAGE'],
      ['a path', { images: ['../../etc/passwd'] }, 400, 'INVALID_IMAGE'],
      ['top-level category', { categoryId: TRAILERS_PARENT }, 400, 'INVALID_CATEGORY'],
      ['unknown category', { categoryId: 999999 }, 400, 'INVALID_CATEGORY'],
      ["a car's field on a trailer", { technical: { gear: 'automaat' } }, 400, 'VALIDATION_ERROR'],
      ['lift type on a car', { categoryId: CAR, technical: { liftType: 'Käärtõstuk' } }, 400, 'VALIDATION_ERROR'],
      ['out-of-range field', { technical: { axleCount: 99 } }, 400, 'VALIDATION_ERROR'],
      ['no location', { lat: undefined }, 400, 'VALIDATION_ERROR'],
      ['latitude 91', { lat: 91 }, 400, 'VALIDATION_ERROR'],
      ['NUL in name', { name: 'Haagis\u0000' }, 400, 'VALIDATION_ERROR'],
      ['service without name', { additionalServices: [{ name: '', cost: 1 }] }, 400, 'VALIDATION_ERROR'],
      ['service name 256 long', { additionalServices: [{ name: 'x'.repeat(256), cost: 1 }] }, 400, 'VALIDATION_ERROR'],
      ['approval on without text', { automaticallyApproved: true }, 400, 'VALIDATION_ERROR'],
      ['product code 101 long', { productCode: 'x'.repeat(101) }, 400, 'VALIDATION_ERROR'],
    ];
    const base = await productBody('business');
    const before = await ownerTables();
    for (const [label, change, status, code] of cases) {
      const res = await call('business', 'POST', '/products', { ...base, ...change });
      expect({ label, status: res.statusCode }).toEqual({ label, status });
      expectError(res, status, code);
    }
    const technical = expectError(
      await call('business', 'POST', '/products', { ...base, technical: { gear: 'automaat', liftType: 'Käärtõstuk' } }),
      400,
      'VALIDATION_ERROR',
    );
    expect(technical.codes).toEqual(expect.arrayContaining(['gear', 'liftType']));
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/products',
        headers: { ...(await as('owner')), 'content-type': 'application/json' },
        payload: '{"name":',
      }),
      400,
      'MALFORMED_JSON',
    );
    expect(await ownerTables()).toBe(before);
  });
});

describe('PUT /products/{id}', () => {
  it("changes the owner's product; a new daily price is the search price at once", async () => {
    const p = await create('owner', { name: 'Plimbertoni haagis' });
    const res = await call(
      'owner',
      'PUT',
      `/products/${p.id}`,
      updateBody(p, { priceDaily: 40, rentDays: ['SATURDAY'], vacationDays: ['2025-07-05'], locationDescription: 'Võru' }),
    );
    expect(res.statusCode).toBe(200);
    expect(OwnerProduct.parse(res.json())).toMatchObject({
      priceDaily: 40,
      rentDays: ['SATURDAY'],
      vacationDays: ['2025-07-05'],
      locationDescription: 'Võru',
    });
    expect((await search('name=plimbertoni')).find((r) => r.id === p.id)).toMatchObject({ priceDaily: 40, displayPrice: 40 });
  });

  it('moves the product to another category with that category’s fields only', async () => {
    const p = await create('owner');
    const res = await call(
      'owner',
      'PUT',
      `/products/${p.id}`,
      updateBody(p, { categoryId: CAR, technical: { gear: 'manuaal', seat: 5 } }),
    );
    expect(res.statusCode).toBe(200);
    expect(OwnerProduct.parse(res.json()).technical).toMatchObject({ gear: 'manuaal', seat: 5, maxCarry: null, lengthOfItem: null });
  });

  it('refuses everyone but the owner, and bad input, changing nothing', async () => {
    const p = await create('owner');
    const good = updateBody(p, { priceDaily: 99 });
    const before = await ownerTables();
    expectError(await call(undefined, 'PUT', `/products/${p.id}`, good), 401, 'UNAUTHORIZED');
    expectError(await call('other', 'PUT', `/products/${p.id}`, good), 404, 'NOT_FOUND');
    expectError(await call('renter', 'PUT', `/products/${p.id}`, good), 404, 'NOT_FOUND');
    expectError(await call('limited', 'PUT', `/products/${p.id}`, good), 404, 'NOT_FOUND');
    expectError(await call('business', 'PUT', `/products/${p.id}`, good), 404, 'NOT_FOUND');
    expectError(await call('needsId', 'PUT', `/products/${p.id}`, good), 403, 'FORBIDDEN');
    expectError(await call('owner', 'PUT', '/products/999999', good), 404, 'NOT_FOUND');
    expectError(await call('owner', 'PUT', '/products/abc', good), 400, 'VALIDATION_ERROR');
    expectError(await call('owner', 'PUT', `/products/${p.id}`, { ...good, startTs: '12:00', endTs: '12:00' }), 400, 'VALIDATION_ERROR');
    expectError(await call('owner', 'PUT', `/products/${p.id}`, { ...good, productCode: 'B2B' }), 400, 'B2B_ONLY');
    expectError(await call('owner', 'PUT', `/products/${p.id}`, { ...good, categoryId: TRAILERS_PARENT }), 400, 'INVALID_CATEGORY');
    expectError(
      await call('owner', 'PUT', `/products/${p.id}`, { ...good, technical: { liftType: 'Käärtõstuk' } }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await call('owner', 'PUT', `/products/${p.id}`, { ...good, description: 'x\u0000' }), 400, 'VALIDATION_ERROR');
    expect(await ownerTables()).toBe(before);
  });
});

describe('removing and restoring', () => {
  it('removes with a reason: inactive on its public page, out of search, its waiting request declined with a notice', async () => {
    const p = await create('owner', { name: 'Krumpelsteini haagis' });
    const booked = await book(p.id, '2025-06-09T09:00:00+03:00', '2025-06-10T09:00:00+03:00');
    expect(booked.statusCode).toBe(201);
    const reservationId = (booked.json() as { id: number }).id;

    const res = await call('owner', 'POST', `/products/${p.id}/delete`, { inActiveReason: 'Remondis' });
    expect(res.statusCode).toBe(200);
    expect(OwnerProduct.parse(res.json())).toMatchObject({ active: false, inactiveReason: 'Remondis', deleted: false });
    // The public page reads the reason and shows its deleted view (/public/deleted).
    expect(Product.parse((await ctx.app.inject({ url: `/products/${p.id}` })).json())).toMatchObject({ inactiveReason: 'Remondis' });
    expect((await search('name=krumpelstein')).map((r) => r.id)).not.toContain(p.id);

    const [r] = await ctx.database.db.select().from(reservations).where(eq(reservations.id, reservationId));
    expect(r).toMatchObject({ status: 'DECLINED', declineReason: 'NOT_AVAILABLE' });
    const notes = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, ids.renter));
    const note = notes.find(
      (n) =>
        n.type === 'PRODUCT_RENTAL_UPDATE' &&
        n.referenceList.some((ref) => ref.type === 'RESERVATION' && ref.referenceId === reservationId),
    );
    expect(note?.message).toContain('Krumpelsteini haagis');
    expect(note?.message).toContain('Toode ei ole saadaval');
    // And the product cannot be booked while inactive.
    expectError(await book(p.id, '2025-06-11T09:00:00+03:00', '2025-06-12T09:00:00+03:00'), 409, 'UNAVAILABLE');

    const restored = await call('owner', 'PUT', `/products/${p.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(OwnerProduct.parse(restored.json())).toMatchObject({ active: true, inactiveReason: null });
    expect((await search('name=krumpelstein')).map((r) => r.id)).toContain(p.id);
  });

  it('gives the default reason when none is given', async () => {
    const p = await create('owner');
    const res = await call('owner', 'POST', `/products/${p.id}/delete`, {});
    expect(OwnerProduct.parse(res.json()).inactiveReason).toBe('Eemaldatud rendist');
  });

  it('refuses everyone but the owner, changing nothing', async () => {
    const p = await create('owner');
    const before = await ownerTables();
    for (const [method, url, body] of [
      ['POST', `/products/${p.id}/delete`, { inActiveReason: 'x' }],
      ['PUT', `/products/${p.id}/restore`, undefined],
    ] as const) {
      expectError(await call(undefined, method, url, body), 401, 'UNAUTHORIZED');
      expectError(await call('other', method, url, body), 404, 'NOT_FOUND');
      expectError(await call('renter', method, url, body), 404, 'NOT_FOUND');
      expectError(await call('limited', method, url, body), 404, 'NOT_FOUND');
      expectError(await call('needsId', method, url, body), 403, 'FORBIDDEN');
      expectError(await call('owner', method, url.replace(String(p.id), '999999'), body), 404, 'NOT_FOUND');
      expectError(await call('owner', method, url.replace(String(p.id), '0'), body), 400, 'VALIDATION_ERROR');
    }
    expectError(await call('owner', 'POST', `/products/${p.id}/delete`, { inActiveReason: 'x'.repeat(501) }), 400, 'VALIDATION_ERROR');
    expectError(await call('owner', 'POST', `/products/${p.id}/delete`, { inActiveReason: 'x\u0000' }), 400, 'VALIDATION_ERROR');
    expect(await ownerTables()).toBe(before);
  });
});

describe('bulk remove and bulk edit', () => {
  it('marks several of the owner’s products deleted and answers them', async () => {
    const a = await create('owner');
    const b = await create('owner');
    const res = await call('owner', 'POST', `/products/bulk-edit-delete/user/${ids.owner}`, { productIds: [a.id, b.id, a.id] });
    expect(res.statusCode).toBe(200);
    const list = OwnerProductList.parse(res.json());
    expect(list.map((p) => [p.id, p.deleted, p.active])).toEqual([
      [a.id, true, false],
      [b.id, true, false],
    ]);
    expect(Product.parse((await ctx.app.inject({ url: `/products/${a.id}` })).json()).deleted).toBe(true);
    // Restore brings a deleted one back too.
    expect(OwnerProduct.parse((await call('owner', 'PUT', `/products/${a.id}/restore`)).json()).active).toBe(true);
  });

  it('sets the same time settings on several products', async () => {
    const a = await create('owner');
    const b = await create('owner');
    const res = await call('owner', 'POST', `/products/bulk-edit/user/${ids.owner}`, {
      productIds: [a.id, b.id],
      rentDays: ['MONDAY', 'FRIDAY'],
      startTs: '10:00',
      vacationDays: ['2025-08-01'],
    });
    expect(res.statusCode).toBe(200);
    for (const p of OwnerProductList.parse(res.json())) {
      expect(p).toMatchObject({ rentDays: ['MONDAY', 'FRIDAY'], startTs: '10:00', endTs: '18:00', vacationDays: ['2025-08-01'] });
    }
  });

  it('refuses other users, other users’ products and bad input, changing nothing', async () => {
    const mine = await create('owner');
    const theirs = await create('business');
    const before = await ownerTables();
    for (const path of ['bulk-edit-delete', 'bulk-edit']) {
      const url = `/products/${path}/user/${ids.owner}`;
      const body = { productIds: [mine.id], startTs: '09:00' };
      expectError(await call(undefined, 'POST', url, body), 401, 'UNAUTHORIZED');
      expectError(await call('other', 'POST', url, body), 403, 'FORBIDDEN');
      expectError(await call('renter', 'POST', url, body), 403, 'FORBIDDEN');
      expectError(await call('limited', 'POST', url, body), 403, 'FORBIDDEN');
      expectError(await call('needsId', 'POST', `/products/${path}/user/${ids.needsId}`, body), 403, 'FORBIDDEN');
      expectError(await call('owner', 'POST', url, { ...body, productIds: [mine.id, theirs.id] }), 404, 'NOT_FOUND');
      expectError(await call('owner', 'POST', url, { ...body, productIds: [mine.id, 999999] }), 404, 'NOT_FOUND');
      expectError(await call('owner', 'POST', url, { productIds: [] }), 400, 'VALIDATION_ERROR');
      expectError(await call('owner', 'POST', url, { productIds: ['x'] }), 400, 'VALIDATION_ERROR');
      expectError(await call('owner', 'POST', `/products/${path}/user/abc`, body), 400, 'VALIDATION_ERROR');
    }
    const edit = `/products/bulk-edit/user/${ids.owner}`;
    expectError(await call('owner', 'POST', edit, { productIds: [mine.id], startTs: '19:00' }), 400, 'VALIDATION_ERROR');
    expectError(await call('owner', 'POST', edit, { productIds: [mine.id], rentDays: ['FUNDAY'] }), 400, 'VALIDATION_ERROR');
    expectError(await call('owner', 'POST', edit, { productIds: [mine.id], vacationDays: ['2025-13-01'] }), 400, 'VALIDATION_ERROR');
    expect(await ownerTables()).toBe(before);
  });
});

describe('additional services', () => {
  it('adds, updates and deletes a service of the owner’s product', async () => {
    const p = await create('owner', { additionalServices: [] });
    const added = await call('owner', 'POST', `/products/${p.id}/services`, { name: 'Võrk', cost: 2, additionalInfo: null });
    expect(added.statusCode).toBe(201);
    const s = AdditionalService.parse(added.json());
    expect(s).toMatchObject({ name: 'Võrk', cost: 2, additionalInfo: null });

    const updated = await call('owner', 'PUT', `/products/${p.id}/services/${s.id}/update`, {
      name: 'Koormavõrk',
      cost: 2.5,
      additionalInfo: 'Suur',
    });
    expect(AdditionalService.parse(updated.json())).toEqual({ id: s.id, name: 'Koormavõrk', cost: 2.5, additionalInfo: 'Suur' });
    expect(Product.parse((await ctx.app.inject({ url: `/products/${p.id}` })).json()).additionalServices).toEqual([
      { id: s.id, name: 'Koormavõrk', cost: 2.5, additionalInfo: 'Suur' },
    ]);

    const deleted = await call('owner', 'DELETE', `/products/${p.id}/services/${s.id}`);
    expect(deleted.json()).toEqual({ ok: true });
    expect(Product.parse((await ctx.app.inject({ url: `/products/${p.id}` })).json()).additionalServices).toEqual([]);
    expectError(await call('owner', 'DELETE', `/products/${p.id}/services/${s.id}`), 404, 'NOT_FOUND');
  });

  it('refuses everyone but the owner and bad input, changing nothing', async () => {
    const p = await create('owner');
    const other = await create('business');
    const serviceId = p.additionalServices[0].id;
    const body = { name: 'Uus', cost: 1 };
    const before = await ownerTables();
    const routes = [
      ['POST', `/products/${p.id}/services`],
      ['PUT', `/products/${p.id}/services/${serviceId}/update`],
      ['DELETE', `/products/${p.id}/services/${serviceId}`],
    ] as const;
    for (const [method, url] of routes) {
      const payload = method === 'DELETE' ? undefined : body;
      expectError(await call(undefined, method, url, payload), 401, 'UNAUTHORIZED');
      expectError(await call('other', method, url, payload), 404, 'NOT_FOUND');
      expectError(await call('renter', method, url, payload), 404, 'NOT_FOUND');
      expectError(await call('limited', method, url, payload), 404, 'NOT_FOUND');
      expectError(await call('needsId', method, url, payload), 403, 'FORBIDDEN');
    }
    // A service of another product, through the owner's product.
    const foreign = other.additionalServices[0].id;
    expectError(await call('owner', 'PUT', `/products/${p.id}/services/${foreign}/update`, body), 404, 'NOT_FOUND');
    expectError(await call('owner', 'DELETE', `/products/${p.id}/services/${foreign}`), 404, 'NOT_FOUND');
    for (const bad of [
      { name: '', cost: 1 },
      { name: 'x', cost: -1 },
      { name: 'x' },
      { name: 'x', cost: 1, additionalInfo: 'y'.repeat(512) },
      { name: 'x\u0000', cost: 1 },
    ]) {
      expectError(await call('owner', 'POST', `/products/${p.id}/services`, bad), 400, 'VALIDATION_ERROR');
      expectError(await call('owner', 'PUT', `/products/${p.id}/services/${serviceId}/update`, bad), 400, 'VALIDATION_ERROR');
    }
    expectError(await call('owner', 'DELETE', `/products/${p.id}/services/abc`), 400, 'VALIDATION_ERROR');
    expect(await ownerTables()).toBe(before);
  });
});

describe('GET /products/my-products', () => {
  let fresh: TestContext;
  const mine: Record<string, number> = {};
  const my = async (query = '') => {
    const res = await fresh.app.inject({
      url: `/products/my-products${query}`,
      headers: await sessionHeaders(fresh, ids.business),
    });
    expect(res.statusCode).toBe(200);
    return OwnerProductList.parse(res.json());
  };

  beforeAll(async () => {
    // Its own database: the business owner's list is then exactly what this block makes.
    fresh = await createTestApp({ demo: true });
    fresh.clock.set('2025-06-02T09:00:00Z');
    const db = fresh.database.db;
    await db.update(products).set({ deleted: true }).where(eq(products.userId, ids.business));
    const [base] = await db.select().from(products).where(eq(products.userId, ids.business)).limit(1);
    const make = async (name: string, created: string, extra: Partial<typeof products.$inferInsert> = {}) => {
      const { id: _id, nameFolded: _n, geo: _g, searchPriceCents: _s, ...copy } = base;
      const [row] = await db
        .insert(products)
        .values({ ...copy, name, deleted: false, inactiveReason: null, createdTs: new Date(created), ...extra })
        .returning({ id: products.id });
      mine[name] = row.id;
    };
    await make('available-old', '2025-01-01T00:00:00Z');
    await make('available-new', '2025-05-01T00:00:00Z');
    await make('rented-now', '2025-02-01T00:00:00Z');
    await make('reserved-later', '2025-03-01T00:00:00Z');
    await make('inactive', '2025-04-01T00:00:00Z', { inactiveReason: 'Remondis' });
    const res = (
      productId: number,
      start: string,
      end: string,
      status: 'ACCEPTED' | 'MANUAL' | 'FINISHED',
      extra: Partial<typeof reservations.$inferInsert> = {},
    ) =>
      db.insert(reservations).values({
        hash: `h-${productId}-${start}`,
        productId,
        userId: status === 'MANUAL' ? null : ids.renter,
        productOwnerId: ids.business,
        status,
        kind: status === 'MANUAL' ? 'MANUAL' : 'STANDARD',
        startTs: new Date(start),
        endTs: new Date(end),
        ...extra,
      });
    await res(mine['rented-now'], '2025-06-01T06:00:00Z', '2025-06-03T06:00:00Z', 'ACCEPTED');
    await res(mine['reserved-later'], '2025-06-20T06:00:00Z', '2025-06-21T06:00:00Z', 'MANUAL', {
      personName: 'Peeter Paju',
      personPhone: '+3725551111',
    });
    // Ended 20 days ago: hidden from the owner's list; ended 10 days ago: shown.
    await res(mine['available-old'], '2025-05-10T06:00:00Z', '2025-05-13T06:00:00Z', 'FINISHED');
    await res(mine['available-old'], '2025-05-20T06:00:00Z', '2025-05-23T06:00:00Z', 'FINISHED');
  });
  afterAll(async () => {
    await fresh.close();
  });

  it('lists inactive first, then rented now, then newest, with the owner’s reservations of the last 14 days', async () => {
    const list = (await my()).filter((p) => !p.deleted);
    expect(list.map((p) => p.name)).toEqual(['inactive', 'rented-now', 'available-new', 'reserved-later', 'available-old']);
    const byName = new Map(list.map((p) => [p.name, p]));
    expect(byName.get('rented-now')).toMatchObject({ rentedNow: true, active: true });
    expect(byName.get('inactive')).toMatchObject({ rentedNow: false, active: false, inactiveReason: 'Remondis' });
    expect(byName.get('reserved-later')?.ownerReservations).toEqual([
      expect.objectContaining({
        status: 'MANUAL',
        renterName: 'Peeter Paju',
        personPhone: '+3725551111',
        startTs: '2025-06-20T06:00:00.000Z',
      }),
    ]);
    expect(byName.get('rented-now')?.ownerReservations[0]).toMatchObject({ status: 'ACCEPTED', renterName: 'Mari Maasikas' });
    expect(byName.get('available-old')?.ownerReservations.map((r) => r.startTs)).toEqual(['2025-05-20T06:00:00.000Z']);
  });

  it('filters by tab', async () => {
    const names = async (q: string) =>
      (await my(q))
        .filter((p) => !p.deleted)
        .map((p) => p.name)
        .sort();
    expect(await names('?tab=reserved')).toEqual(['rented-now', 'reserved-later']);
    expect(await names('?tab=available')).toEqual(['available-new', 'available-old']);
    expect(await names('?tab=inactive')).toEqual(['inactive']);
    expect((await my('?tab=inactive')).every((p) => !p.active)).toBe(true);
    expect((await my('?deleted=false')).map((p) => p.name).sort()).toEqual([
      'available-new',
      'available-old',
      'inactive',
      'rented-now',
      'reserved-later',
    ]);
  });

  it('leaves out reservations and images when asked', async () => {
    const list = await my('?includeReservation=false&excludeImagery=true');
    expect(list.every((p) => p.ownerReservations.length === 0 && p.images.length === 0)).toBe(true);
    const active = await my('?activeReservations=true');
    expect(active.find((p) => p.name === 'available-old')?.ownerReservations).toEqual([]);
  });

  it('answers only the caller’s own products; signed out 401; bad filters 400', async () => {
    const renter = await fresh.app.inject({
      url: '/products/my-products',
      headers: await sessionHeaders(fresh, ids.renter),
    });
    expect(OwnerProductList.parse(renter.json()).every((p) => p.userId === ids.renter)).toBe(true);
    const needsId = await fresh.app.inject({
      url: '/products/my-products',
      headers: await sessionHeaders(fresh, ids.needsId),
    });
    expect(needsId.json()).toEqual([]);
    expectError(await fresh.app.inject({ url: '/products/my-products' }), 401, 'UNAUTHORIZED');
    expectError(
      await fresh.app.inject({
        url: '/products/my-products?tab=sold',
        headers: await sessionHeaders(fresh, ids.business),
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await fresh.app.inject({
        url: '/products/my-products?deleted=maybe',
        headers: await sessionHeaders(fresh, ids.business),
      }),
      400,
      'VALIDATION_ERROR',
    );
  });
});
