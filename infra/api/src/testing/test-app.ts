import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SessionResponse } from 'shared-kernel/schemas';
import { buildApp, type BuildAppOptions } from '../app';
import type { Database } from '../db/database';
import { eq } from 'drizzle-orm';
import { additionalServices, products, productVacationDays, users } from '../db/schema';
import { demoUsers, type DemoUser } from '../demo/demo-users';
import { createTestClock, type TestClock } from '../lib/clock';
import { SESSION_COOKIE } from '../plugins/session';
import { createTestDatabase, testFilesDir } from './test-database';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * An app with the tests' settings on a given database and clock: the tests opt into the sandboxes
 * and plain-http cookies, as the dev runner does; abuse limits only where a test asks
 * (test/abuse-limits.test.ts), since suites register many users from one address.
 */
function buildTestApp(database: Database, clock: TestClock, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  return buildApp({
    database,
    clock,
    ...options,
    config: {
      filesDir: testFilesDir(),
      seedDemoData: false,
      sandboxServices: true,
      cookieSecure: false,
      rateLimits: false,
      jobPollMs: 0,
      ...options.config,
    },
  });
}

/**
 * A second app on the test's database and clock (another replica, or one with its own outside
 * services such as a mail sender); the caller closes it.
 */
export function replicaOf(ctx: TestContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  return buildTestApp(ctx.database, ctx.clock, options);
}

/** An app on a fresh database with a controllable clock; no port is opened. */
export async function createTestApp(opts: { demo?: boolean; app?: BuildAppOptions } = {}): Promise<TestContext> {
  const database = await createTestDatabase({ demo: opts.demo });
  const clock = createTestClock();
  const app = await buildTestApp(database, clock, opts.app);
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The session cookie's value from a response, if it set one. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
}

/** Who `GET /users/session` says is signed in with this cookie (null: nobody); any other status than 200 throws. */
export async function signedInUser(app: FastifyInstance, token: string | undefined): Promise<SessionResponse> {
  const res = await app.inject({ url: '/users/session', headers: cookieHeader(token) });
  if (res.statusCode !== 200) throw new Error(`GET /users/session answered ${res.statusCode}: ${res.body}`);
  return SessionResponse.parse(res.json());
}

export function cookieHeader(token: string | undefined): Record<string, string> {
  return token ? { cookie: `${SESSION_COOKIE}=${token}` } : {};
}

/** The demo users' ids in a test database seeded with the demo data, by their demo key (src/demo/demo-users.ts). */
export async function demoUserIds(ctx: TestContext): Promise<Record<DemoUser['key'], number>> {
  const rows = await ctx.database.db.select({ id: users.id, username: users.username }).from(users);
  const ids = {} as Record<DemoUser['key'], number>;
  for (const user of demoUsers) {
    const row = rows.find((r) => r.username === user.email);
    if (!row) throw new Error(`demo user ${user.email} missing`);
    ids[user.key] = row.id;
  }
  return ids;
}

/** Request headers of a fresh session for a user; none for an anonymous caller. */
export async function sessionHeaders(ctx: TestContext, userId: number | undefined): Promise<Record<string, string>> {
  return userId === undefined ? {} : cookieHeader(await ctx.app.sessionRepository.create(userId, ctx.clock.now()));
}

export type DemoKey = DemoUser['key'];

/** The demo users a test acts as, under the test's own names for them (`{ owner: 'privateOwner' }`). */
export interface DemoCast<Who extends string> {
  ids: Record<Who, number>;
  /** Their e-mail addresses (usernames). */
  emails: Record<Who, string>;
  /** A fresh session's token at the test clock, as signing in would give (sessions end after 24 h idle, and tests move the clock). */
  token(who: Who): Promise<string>;
  /** Request headers of a fresh session at the test clock; none for an anonymous caller. */
  as(who: Who | undefined): Promise<Record<string, string>>;
}

/** The names most API tests give the demo users they act as. */
export const TEST_CAST = {
  renter: 'renter',
  owner: 'privateOwner',
  business: 'businessOwner',
  other: 'secondOwner',
  admin: 'admin',
  limited: 'limited',
  needsId: 'needsId',
  machinery: 'machinery',
  kart: 'karting',
} as const satisfies Record<string, DemoKey>;
export type TestWho = keyof typeof TEST_CAST;
export type TestAs = DemoCast<TestWho>['as'];

/** Signs a test's cast of demo users in (TEST_CAST unless given), in a test database seeded with the demo data. */
export function demoCast(ctx: TestContext): Promise<DemoCast<TestWho>>;
export function demoCast<Who extends string>(ctx: TestContext, cast: Record<Who, DemoKey>): Promise<DemoCast<Who>>;
export async function demoCast(ctx: TestContext, cast: Record<string, DemoKey> = TEST_CAST): Promise<DemoCast<string>> {
  const allIds = await demoUserIds(ctx);
  const names = Object.keys(cast);
  const pick = <T>(of: (key: DemoKey) => T) => Object.fromEntries(names.map((who) => [who, of(cast[who])])) as Record<string, T>;
  const ids = pick((key) => allIds[key]);
  const emails = pick((key) => demoUsers.find((u) => u.key === key)!.email);
  return {
    ids,
    emails,
    token: (who) => ctx.app.sessionRepository.create(ids[who], ctx.clock.now()),
    as: (who) => sessionHeaders(ctx, who === undefined ? undefined : ids[who]),
  };
}

/**
 * A demo owner's product (the `index`-th of theirs by id) made plainly bookable: listed, every day
 * 08:00–18:00, no vacation days, no additional services, and no prices but those in `values`.
 */
export async function bookableDemoProduct(
  ctx: TestContext,
  ownerId: number,
  values: Partial<typeof products.$inferInsert> = {},
  index = 0,
): Promise<number> {
  const db = ctx.database.db;
  const own = await db.select({ id: products.id }).from(products).where(eq(products.userId, ownerId)).orderBy(products.id);
  const id = own[index].id;
  await db
    .update(products)
    .set({
      deleted: false,
      inactiveReason: null,
      rentDays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
      startTs: '08:00',
      endTs: '18:00',
      priceHourCents: null,
      priceDailyCents: null,
      threeDayCents: null,
      aWeekCents: null,
      twoWeekCents: null,
      monthCents: null,
      weekendDayCents: null,
      ...values,
    })
    .where(eq(products.id, id));
  await db.delete(productVacationDays).where(eq(productVacationDays.productId, id));
  await db.update(additionalServices).set({ deleted: true }).where(eq(additionalServices.productId, id));
  return id;
}
