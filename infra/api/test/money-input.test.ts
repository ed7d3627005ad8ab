import type { RouteOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import {
  AdditionalService,
  centsOfEuros,
  Euros,
  eurosToCents,
  OwnerProduct,
  PaymentOrderToken,
  Reservation,
  WithdrawalAnswer,
} from 'shared-kernel/schemas';
import type { z } from 'zod';
import { additionalServices, productVacationDays, products, reservations } from '../src/db/schema';
import { signJwt } from '../src/services/payments/jwt';
import { SANDBOX_ACCESS_KEY, SANDBOX_SECRET } from '../src/services/payments/provider';
import { uploadedFileName } from '../src/services/storage';
import { ledgerProblems } from '../src/testing/assertions';
import { createTestApp, demoUserIds, sessionHeaders, type TestContext } from '../src/testing/test-app';
import { walletBalance } from '../src/repositories/ledger';

// Issue 29, acceptance 1: generated numbers (exponent notation, -0, huge, tiny, many decimals),
// strings and edge values thrown at every money field of every route, as raw JSON or query text.
// Every answer is a 4xx or a success, never a 5xx; a success stored exactly the cents sent; and
// the ledger sums to zero afterwards. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
// The clock is Monday 2 June 2025, 12:00 in Tallinn.

/** Values every field gets, as written on the wire (JSON text; a query takes them unquoted). */
const EDGES = [
  '5e-9',
  '99.99999999',
  '1.005',
  '0.29',
  '12.34',
  '1234e-2',
  '1e2',
  '-0',
  '0',
  '0e0',
  '0.01',
  '-0.01',
  '1e21',
  '1e400',
  '-1e400',
  '4.9e-324',
  '1.7976931348623157e308',
  '9007199254740993',
  '10000.01',
  '1000000.01',
  '3.5',
  '20',
  '30',
  'NaN',
  'Infinity',
  '.5',
  '0x10',
  'null',
  'true',
  '[12.34]',
  '"12.34"',
  '"5e-9"',
];

/** Raw literals: mostly numbers in every notation, some plausible amounts, some strings and other JSON. */
const literal: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 99 }))
      .map(([e, c]) => `${e}.${String(c).padStart(2, '0')}`),
  },
  { weight: 2, arbitrary: fc.double().map(String) },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => d.toExponential()) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.integer({ min: -99_999, max: 99_999 }), fc.integer({ min: -30, max: 30 })).map(([m, e]) => `${m}e${e}`),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.integer({ min: -2_000_000, max: 2_000_000 }), fc.stringMatching(/^\d{1,15}$/)).map(([i, f]) => `${i}.${f}`),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.constantFrom(...EDGES) },
);

/** What the literal is as JSON (undefined: not JSON at all, the server's MALFORMED_JSON). */
function jsonValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Cents of an amount, null for none. */
const centsOrNull = (euros: number | null) => (euros === null ? null : eurosToCents(euros));

/** What `z.coerce.number()` makes of query text. */
const queryValue = (text: string) => Number(text.replace(/^"|"$/g, ''));

type Who = 'renter' | 'privateOwner';
type Answer = { statusCode: number; body: string; json(): unknown };

interface MoneyField {
  /** `METHOD /route/:param`, as Fastify names the route. */
  route: string;
  /** Where the amount sits: `payment.amount`, `additionalServices[].cost`, a query parameter. */
  path: string;
  /** Body fields cost a request with database work each; query text is cheap, so it gets more runs. */
  in: 'body' | 'query';
  send(text: string): Promise<Answer>;
  /** `null` means 'no amount' here (an optional price, no claimed total). */
  nullable?: true;
  /** For a success: the answer stored exactly the amount sent. */
  accepted?(euros: number | null, res: Answer): Promise<void> | void;
}

let ctx: TestContext;
let ids: Record<string, number>;
const headers: Partial<Record<Who, Record<string, string>>> = {};
let autoProductId: number; // omanik's, automatically approved, 30 €/day
let requestProductId: number; // omanik's, with one 3.50 € service
let serviceId: number;
let requestedReservationId: number;
let jpeg: Buffer;
let manualDay = 0;

const RENT_DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const local = (isoDate: string, time: string) => `${isoDate}T${time}:00+03:00`;
const dayAfter = (n: number) => new Date(Date.UTC(2025, 5, 10 + n)).toISOString().slice(0, 10);

/** A JSON body with the amount's raw text where `SLOT` stands, so `5e-9` reaches the parser as written. */
const SLOT = '__money__';
function withSlot(body: unknown, text: string): string {
  return JSON.stringify(body).replace(`"${SLOT}"`, text);
}

async function post(method: 'POST' | 'PUT', url: string, who: Who, body: unknown, text: string): Promise<Answer> {
  return ctx.app.inject({ method, url, headers: { ...headers[who], 'content-type': 'application/json' }, payload: withSlot(body, text) });
}

async function freshUpload(): Promise<string> {
  const name = uploadedFileName(ids.privateOwner, 'jpg');
  await ctx.app.fileStorage.put(name, jpeg);
  return name;
}

const payment = (amount: unknown) => ({ methodOptions: { preferredProvider: 'HABAEE2X' }, amount });
const PRODUCT_PRICE_FIELDS = ['priceDaily', 'priceHour', 'threeDay', 'aweek', 'twoWeek', 'month', 'weekendDay', 'cost'] as const;
/** The tiers a product may leave without a price (null). */
const NULLABLE_PRICES: ReadonlySet<string> = new Set(['priceHour', 'threeDay', 'aweek', 'twoWeek', 'month', 'weekendDay']);
const productFields = {
  name: 'Kastihaagis',
  categoryId: 17,
  description: 'Kerge kastihaagis.',
  priceDaily: 25,
  priceHour: 5,
  threeDay: 20,
  aweek: 100,
  twoWeek: 180,
  month: 300,
  weekendDay: 30,
  cost: 100,
  rentDays: RENT_DAYS,
  startTs: '08:00',
  endTs: '18:00',
  vacationDays: [],
  lat: 57.8339,
  lon: 27.0194,
};

function fields(): MoneyField[] {
  const list: MoneyField[] = [
    {
      route: 'POST /payment',
      path: 'payment.amount',
      in: 'body',
      send: (t) => post('POST', '/payment', 'renter', { payment: payment(SLOT) }, t),
      // The bank says paid: the wallet grows by exactly the cents sent.
      accepted: async (euros, res) => {
        const order = PaymentOrderToken.parse(res.json());
        const before = await walletBalance(ctx.database.db, ids.renter);
        // Montonio's order token: the amount as the decimal euros the payer paid.
        const orderToken = await signJwt(
          {
            uuid: order.merchantReference,
            accessKey: SANDBOX_ACCESS_KEY,
            merchantReference: order.merchantReference,
            paymentStatus: 'PAID',
            grandTotal: euros,
            currency: 'EUR',
          },
          SANDBOX_SECRET,
          ctx.clock.now(),
        );
        expect((await ctx.app.inject({ method: 'POST', url: '/payment/notify', payload: { orderToken } })).statusCode).toBe(200);
        expect((await walletBalance(ctx.database.db, ids.renter)) - before).toBe(centsOrNull(euros));
      },
    },
    {
      route: 'POST /payment/withdrawal',
      path: 'amount',
      in: 'body',
      send: (t) => post('POST', '/payment/withdrawal', 'renter', { amount: SLOT }, t),
      accepted: (euros, res) => expect(WithdrawalAnswer.parse(res.json()).amountCents).toBe(centsOrNull(euros)),
    },
    {
      route: 'POST /reservations/product/:id/automated-with-payment',
      path: 'payment.amount',
      in: 'body',
      send: (t) =>
        post(
          'POST',
          `/reservations/product/${autoProductId}/automated-with-payment`,
          'renter',
          {
            startTs: local('2025-06-10', '08:00'),
            endTs: local('2025-06-11', '08:00'),
            name: 'Mari Maasikas',
            phone: '+3725123456',
            payment: payment(SLOT),
          },
          t,
        ),
    },
    {
      route: 'POST /reservations/gokart',
      path: 'payment.amount',
      in: 'body',
      send: (t) =>
        post(
          'POST',
          '/reservations/gokart',
          'renter',
          {
            day: '2025-06-05',
            slots: ['12:00'],
            personPhone: '+3725123456',
            personName: 'Mari Maasikas',
            riders: ['Mari'],
            payment: payment(SLOT),
          },
          t,
        ),
    },
    {
      route: 'POST /reservations/product/:id',
      path: 'additionalServices[].cost',
      in: 'body',
      send: (t) =>
        post(
          'POST',
          `/reservations/product/${requestProductId}`,
          'renter',
          {
            startTs: local('2025-06-20', '08:00'),
            endTs: local('2025-06-21', '08:00'),
            additionalServices: [{ id: serviceId, cost: SLOT }],
          },
          t,
        ),
    },
    {
      route: 'POST /reservations/product/:id',
      path: 'additionalServiceCost',
      in: 'body',
      nullable: true,
      send: (t) =>
        post(
          'POST',
          `/reservations/product/${requestProductId}`,
          'renter',
          {
            startTs: local('2025-06-22', '08:00'),
            endTs: local('2025-06-23', '08:00'),
            additionalServices: [serviceId],
            additionalServiceCost: SLOT,
          },
          t,
        ),
    },
    ...['accept', 'accept-paid-later'].map((path): MoneyField => ({
      route: `PUT /reservations/${path}/:id`,
      path: 'additionalCost',
      in: 'body',
      nullable: true,
      send: (t) =>
        post(
          'PUT',
          `/reservations/${path}/${requestedReservationId}`,
          'privateOwner',
          { additionalCost: SLOT, acceptedText: 'Tere, ootan.' },
          t,
        ),
    })),
    {
      route: 'POST /reservations/product/:id/manual',
      path: 'income',
      in: 'body',
      // A day of its own each time, so a right amount is a new manual rent, not a clash.
      send: (t) => {
        const day = dayAfter(30 + (manualDay++ % 300));
        return post(
          'POST',
          `/reservations/product/${requestProductId}/manual`,
          'privateOwner',
          { income: SLOT, startTs: local(day, '08:00'), endTs: local(day, '12:00'), personPhone: '+3725123456', personName: 'Peeter Paju' },
          t,
        );
      },
      accepted: (euros, res) => expect(centsOrNull(Reservation.parse(res.json()).price.amount)).toBe(centsOrNull(euros)),
    },
    {
      route: 'POST /products/:id/services',
      path: 'cost',
      in: 'body',
      send: (t) => post('POST', `/products/${requestProductId}/services`, 'privateOwner', { name: 'Rihmad', cost: SLOT }, t),
      accepted: (euros, res) => expect(centsOrNull(AdditionalService.parse(res.json()).cost)).toBe(centsOrNull(euros)),
    },
    {
      route: 'PUT /products/:id/services/:serviceId/update',
      path: 'cost',
      in: 'body',
      send: (t) =>
        post('PUT', `/products/${requestProductId}/services/${serviceId}/update`, 'privateOwner', { name: 'Rihmad', cost: SLOT }, t),
      accepted: async (euros, res) => {
        expect(centsOrNull(AdditionalService.parse(res.json()).cost)).toBe(centsOrNull(euros));
        // Back to the price the reservation fields expect.
        await ctx.database.db.update(additionalServices).set({ costCents: 350 }).where(eq(additionalServices.id, serviceId));
      },
    },
    {
      route: 'POST /products',
      path: 'additionalServices[].cost',
      in: 'body',
      send: async (t) =>
        post(
          'POST',
          '/products',
          'privateOwner',
          { ...productFields, images: [await freshUpload()], additionalServices: [{ name: 'Rihmad', cost: SLOT }] },
          t,
        ),
      accepted: (euros, res) => expect(centsOrNull(OwnerProduct.parse(res.json()).additionalServices[0].cost)).toBe(centsOrNull(euros)),
    },
  ];
  for (const key of PRODUCT_PRICE_FIELDS) {
    list.push({
      route: 'PUT /products/:id',
      path: key,
      in: 'body',
      ...(NULLABLE_PRICES.has(key) ? { nullable: true as const } : {}),
      send: (t) => post('PUT', `/products/${requestProductId}`, 'privateOwner', { ...productFields, [key]: SLOT }, t),
      accepted: (euros, res) => expect(centsOrNull(OwnerProduct.parse(res.json())[key])).toBe(centsOrNull(euros)),
    });
    list.push({
      route: 'POST /products',
      path: key,
      in: 'body',
      ...(NULLABLE_PRICES.has(key) ? { nullable: true as const } : {}),
      send: async (t) => post('POST', '/products', 'privateOwner', { ...productFields, images: [await freshUpload()], [key]: SLOT }, t),
      accepted: (euros, res) => expect(centsOrNull(OwnerProduct.parse(res.json())[key])).toBe(centsOrNull(euros)),
    });
  }
  for (const key of ['priceDaily', 'priceHourly', 'weekPrice', 'threeDayPrice', 'twoWeekPrice', 'monthPrice', 'weekendDayPrice']) {
    list.push({
      route: 'GET /contracts/price',
      path: key,
      in: 'query',
      send: (t) => {
        const q = new URLSearchParams({
          startTs: local('2025-06-10', '08:00'),
          endTs: local('2025-06-12', '08:00'),
          [key]: t.replace(/^"|"$/g, ''),
        });
        return ctx.app.inject({ url: `/contracts/price?${q.toString()}` });
      },
    });
  }
  return list;
}

// --- which fields are money: walked from the route schemas ----------------------------------

interface Leaf {
  path: string;
  key: string;
  schema: z.ZodType;
}

/** The leaves of a zod schema with their paths (`a.b`, `list[].c`), through wrappers, pipes and unions. */
function leaves(schema: z.ZodType, path = '', key = ''): Leaf[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const at = (k: string) => (path ? `${path}.${k}` : k);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, s]) => leaves(s, at(k), k));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return leaves(def.innerType as z.ZodType, path, key);
    case 'pipe':
      return leaves(def.out as z.ZodType, path, key);
    case 'array':
      return leaves(def.element as z.ZodType, `${path}[]`, key);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => leaves(o, path, key));
    default:
      return [{ path, key, schema }];
  }
}

const MONEY_CHECK = (Euros as unknown as { _zod: { def: { checks: unknown[] } } })._zod.def.checks[0];
const isMoney = (s: z.ZodType) => ((s as unknown as { _zod: { def: { checks?: unknown[] } } })._zod.def.checks ?? []).includes(MONEY_CHECK);
const isNumber = (s: z.ZodType) => (s as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'number';
/** Field names that hold euros in the spec's shapes and ours. */
const MONEY_NAME =
  /^(amount|vat|ourFee|balance|accountBalance|income|cost|additionalCost|additionalServiceCost|priceDaily|priceHour|priceHourly|threeDay|threeDayPrice|aweek|weekPrice|twoWeek|twoWeekPrice|month|monthPrice|weekendDay|weekendDayPrice|displayPrice)$/;

const routes: RouteOptions[] = [];
let inputs = 0;
const statuses = new Map<number, number>();

beforeAll(async () => {
  ctx = await createTestApp({ demo: true, app: { onRoute: (route) => void routes.push(route) } });
  ids = await demoUserIds(ctx);
  for (const who of ['renter', 'privateOwner'] as const) headers[who] = await sessionHeaders(ctx, ids[who]);
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#4a8' } })
    .jpeg()
    .toBuffer();
  const db = ctx.database.db;
  const owned = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.userId, ids.privateOwner))
    .orderBy(products.id)
    .limit(2);
  const open = {
    deleted: false,
    inactiveReason: null,
    rentDays: [...RENT_DAYS],
    startTs: '08:00',
    endTs: '18:00',
    priceDailyCents: 3000,
    priceHourCents: 500,
  };
  [autoProductId, requestProductId] = owned.map((p) => p.id);
  await db
    .update(products)
    .set({ ...open, automaticallyApproved: true, automaticallyApprovedTxt: 'Tere!' })
    .where(eq(products.id, autoProductId));
  await db
    .update(products)
    .set({ ...open, automaticallyApproved: false, paidLater: false })
    .where(eq(products.id, requestProductId));
  for (const id of [autoProductId, requestProductId]) await db.delete(productVacationDays).where(eq(productVacationDays.productId, id));
  await db.delete(additionalServices).where(eq(additionalServices.productId, requestProductId));
  [{ id: serviceId }] = await db
    .insert(additionalServices)
    .values({ productId: requestProductId, name: 'Rihmad', costCents: 350 })
    .returning({ id: additionalServices.id });
  // A request of the renter on the owner's product, for the accept fields.
  const created = await ctx.app.inject({
    method: 'POST',
    url: `/reservations/product/${requestProductId}`,
    headers: headers.renter,
    payload: { startTs: local('2025-06-16', '08:00'), endTs: local('2025-06-17', '08:00') },
  });
  expect(created.statusCode).toBe(201);
  requestedReservationId = Reservation.parse(created.json()).id;
  expect(
    (await db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, requestedReservationId)))[0].status,
  ).toBe('REQUESTED');
});

afterAll(async () => {
  await ctx.close();
});

describe('every money field of the API (issue 29)', () => {
  it('is the one money schema, asked and answered, and this test throws inputs at each field a caller sends', () => {
    const covered = new Set(fields().map((f) => `${f.route} ${f.in}:${f.path}`));
    const found = new Set<string>();
    const plainNumbers: string[] = [];
    for (const route of routes) {
      const schema = route.schema as { body?: z.ZodType; querystring?: z.ZodType; response?: Record<string, unknown> } | undefined;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        for (const [part, s] of [
          ['body', schema?.body],
          ['query', schema?.querystring],
        ] as const) {
          if (!s) continue;
          for (const leaf of leaves(s)) {
            if (isMoney(leaf.schema)) found.add(`${method} ${route.url} ${part}:${leaf.path}`);
            else if (isNumber(leaf.schema) && MONEY_NAME.test(leaf.key)) plainNumbers.push(`${method} ${route.url} ${part}:${leaf.path}`);
          }
        }
        for (const [status, answer] of Object.entries(schema?.response ?? {})) {
          if (!(answer && typeof answer === 'object' && '_zod' in answer)) continue;
          for (const leaf of leaves(answer as z.ZodType)) {
            if (isNumber(leaf.schema) && MONEY_NAME.test(leaf.key) && !isMoney(leaf.schema))
              plainNumbers.push(`${method} ${route.url} ${status}:${leaf.path}`);
          }
        }
      }
    }
    // An amount as a bare z.number() (no whole-cents check) anywhere in a request or an answer.
    expect(plainNumbers).toEqual([]);
    expect([...found].filter((f) => !covered.has(f))).toEqual([]);
    expect([...covered].filter((f) => !found.has(f))).toEqual([]);
  });

  it('answers generated and edge amounts with a 4xx or a success, never a 5xx; a success keeps the exact cents; the ledger sums to zero', async () => {
    for (const field of fields()) {
      const t0 = Date.now();
      await fc.assert(
        fc.asyncProperty(literal, async (text) => {
          const res = await field.send(text);
          inputs += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) throw new Error(`${field.route} ${field.path} = ${text}: ${res.statusCode} ${res.body}`);
          const value = field.in === 'query' ? queryValue(text) : jsonValue(text);
          if (res.statusCode < 300) {
            // Only a whole number of cents gets through, and it is stored as sent.
            if (!(value === null && field.nullable)) expect(centsOfEuros(value)).not.toBeNull();
            await field.accepted?.(value as number | null, res);
          } else if (typeof value === 'number' && centsOfEuros(value) === null) {
            expect(res.statusCode).toBe(400);
            expect((res.json() as { message: string }).message).toContain('Vigane summa');
          }
        }),
        {
          numRuns: field.in === 'query' ? 150 : EDGES.length + 8,
          seed: 29_2025,
          examples: EDGES.map((e) => [e] as [string]),
          endOnFailure: true,
        },
      );
      if (process.env.MONEY_TIMING) process.stdout.write(`${field.route} ${field.path}: ${Date.now() - t0} ms\n`);
    }
    expect(inputs).toBeGreaterThanOrEqual(2_000);
    // Not everything was refused: right amounts went through on every kind of call.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(201) ?? 0).toBeGreaterThan(50);
    expect(await ledgerProblems(ctx.database.db)).toEqual({
      unbalancedTransactions: 0,
      ledgerSum: 0,
      negativeWallets: 0,
      oneLegTransactions: 0,
    });
  }, 240_000);
});
