import ICAL from 'ical.js';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { HOLDING_RESERVATION_STATUSES, reservationStatusLabel } from 'shared-kernel/domain';
import { messages } from 'shared-kernel/messages/server';
import { CalendarLinkAnswer, Reservation } from 'shared-kernel/schemas';
import { inTallinn } from 'shared-kernel/time';
import { calendarLinks, contactInfos, products, reservations, users } from '../src/db/schema';
import { sha256 } from '../src/lib/tokens';
import { expectApiError, tableDigest } from '../src/testing/assertions';
import { createTestApp, type TestContext } from '../src/testing/test-app';
import { bookableEveryDay, caller, roleIds, type Who } from './calendar-test-kit';

// Issue 32, iCal export: the owner's private calendar URLs, read as a calendar app would (ical.js).
// The test clock is Monday 2 June 2025; bookings straddle both DST changes ahead of it (Sunday
// 26 October 2025 and Sunday 29 March 2026).

let ctx: TestContext;
let ids = {} as Record<Who, number>;
let p0: number; // the owner's product, bookable every day 08:00-18:00
let otherProduct: number; // the other owner's

const call = caller(
  () => ctx,
  () => ids,
);

async function book(who: Who, start: string, end: string): Promise<Reservation> {
  const res = await call(who, 'POST', `/reservations/product/${p0}`, { startTs: start, endTs: end });
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 201 });
  return Reservation.parse(res.json());
}

/** A new link of a scope, as the owner's tools make it: its URL's path on the API. */
async function newLink(scope: string, who: Who = 'owner'): Promise<string> {
  const res = await call(who, 'POST', `/calendar-links/${scope}`);
  expect(res.statusCode).toBe(200);
  const { link } = CalendarLinkAnswer.parse(res.json());
  expect(link?.url).toMatch(/^http:\/\/localhost:3000\/api\/calendars\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(link!.url!).pathname.replace(/^\/api/, '');
}

function parse(body: string): ICAL.Event[] {
  const root = new ICAL.Component(ICAL.parse(body) as unknown[]);
  expect(root.name).toBe('vcalendar');
  return root.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

const wall = (time: ICAL.Time) => inTallinn(time.toJSDate().getTime()).toFormat('yyyy-MM-dd HH:mm');

/** The holding reservations the export must show: ending within the last 90 days or later. */
async function holdingIds(productIds: number[]): Promise<number[]> {
  const since = new Date(ctx.clock.now().getTime() - 90 * 86_400_000);
  const rows = await ctx.database.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        inArray(reservations.productId, productIds),
        inArray(reservations.status, [...HOLDING_RESERVATION_STATUSES]),
        gte(reservations.endTs, since),
      ),
    );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

const uidsOf = (events: ICAL.Event[]) =>
  events.map((e) => Number(/^reservation-(\d+)@rendime\.ee$/.exec(e.uid)?.[1])).sort((a, b) => a - b);

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  ids = await roleIds(ctx);
  const db = ctx.database.db;
  const own = await db.select({ id: products.id }).from(products).where(eq(products.userId, ids.owner)).orderBy(products.id);
  p0 = own[0].id;
  await bookableEveryDay(ctx, p0);
  const theirs = await db.select({ id: products.id }).from(products).where(eq(products.userId, ids.other)).orderBy(products.id);
  otherProduct = theirs[0].id;
});
afterAll(async () => {
  await ctx.close();
});

describe('the exported calendar', () => {
  let autumn: Reservation;
  let spring: Reservation;
  let declined: Reservation;

  beforeAll(async () => {
    // Saturday 10:00 summer time to Monday 10:00 winter time, and back the other way in March.
    autumn = await book('renter', '2025-10-25T10:00:00+03:00', '2025-10-27T10:00:00+02:00');
    spring = await book('other', '2026-03-28T10:00:00+02:00', '2026-03-30T10:00:00+03:00');
    declined = await book('business', '2025-07-01T10:00:00+03:00', '2025-07-02T10:00:00+03:00');
    expect((await call('owner', 'PUT', `/reservations/decline/${declined.id}`)).statusCode).toBe(200);
  });

  it('parses with ical.js: one event per holding reservation, at the right Tallinn times across both DST changes', async () => {
    const path = await newLink(`products/${p0}`);
    const res = await call(undefined, 'GET', path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const events = parse(res.body);
    expect(uidsOf(events)).toEqual(await holdingIds([p0]));
    expect(uidsOf(events)).toEqual(expect.arrayContaining([autumn.id, spring.id]));
    expect(uidsOf(events)).not.toContain(declined.id);

    const byId = (id: number) => events.find((e) => e.uid === `reservation-${id}@rendime.ee`)!;
    expect([wall(byId(autumn.id).startDate), wall(byId(autumn.id).endDate)]).toEqual(['2025-10-25 10:00', '2025-10-27 10:00']);
    expect(byId(autumn.id).startDate.toJSDate().toISOString()).toBe('2025-10-25T07:00:00.000Z');
    expect(byId(autumn.id).endDate.toJSDate().toISOString()).toBe('2025-10-27T08:00:00.000Z');
    expect([wall(byId(spring.id).startDate), wall(byId(spring.id).endDate)]).toEqual(['2026-03-28 10:00', '2026-03-30 10:00']);
    expect(byId(spring.id).endDate.toJSDate().toISOString()).toBe('2026-03-30T07:00:00.000Z');

    const [renter] = await ctx.database.db.select().from(users).where(eq(users.id, ids.renter));
    expect(byId(autumn.id).summary).toBe(`${renter.name.split(' ')[0]} (${reservationStatusLabel('REQUESTED')})`);
    expect(byId(autumn.id).component.getFirstPropertyValue('status')).toBe('TENTATIVE');

    // A second download gives the same UIDs (a calendar app updates, never duplicates).
    expect(uidsOf(parse((await call(undefined, 'GET', path)).body))).toEqual(uidsOf(events));
  });

  it('tells nothing personal beyond the first name: no last name, e-mail, phone, personal code or address', async () => {
    const path = await newLink(`products/${p0}`);
    const body = (await call(undefined, 'GET', path)).body;
    const people = await ctx.database.db
      .select()
      .from(users)
      .where(inArray(users.id, [ids.renter, ids.other]));
    const phones = await ctx.database.db
      .select()
      .from(contactInfos)
      .where(inArray(contactInfos.userId, [ids.renter, ids.other]));
    const secrets = [...people.flatMap((u) => [u.lastName, u.username, u.identityCode]), ...phones.map((c) => c.value)].filter(
      (s): s is string => typeof s === 'string' && s.length > 2,
    );
    expect(secrets.length).toBeGreaterThan(2);
    for (const secret of secrets) expect(body).not.toContain(secret);
    expect(body).not.toMatch(/^(DESCRIPTION|ATTENDEE|ORGANIZER|LOCATION|CONTACT)[:;]/m);
  });

  it('keeps RFC 5545 lines: CRLF, at most 75 octets, Estonian letters never cut, text escaped', async () => {
    await ctx.database.db
      .update(products)
      .set({ name: 'Järelhaagis, kaanega; Ülikõva "Õõtsuv" ' + 'š'.repeat(60) })
      .where(eq(products.id, p0));
    const path = await newLink('all');
    const body = (await call(undefined, 'GET', path)).body;
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const events = parse(body);
    const autumnEvent = events.find((e) => e.uid === `reservation-${autumn.id}@rendime.ee`)!;
    expect(autumnEvent.summary.startsWith('Järelhaagis, kaanega; Ülikõva "Õõtsuv" ' + 'š'.repeat(60) + ': ')).toBe(true);
    expect(body).toContain('Järelhaagis\\, kaanega\\; Ülikõva');
  });

  it('covers all of the owner’s products in the all-products calendar, and no one else’s', async () => {
    const own = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.userId, ids.owner), eq(products.deleted, false)));
    const events = parse((await call(undefined, 'GET', await newLink('all'))).body);
    expect(uidsOf(events)).toEqual(await holdingIds(own.map((p) => p.id)));
    expect(events.length).toBeGreaterThan(2);
    expect(messages.calendar.allProductsName).toMatch(/Rendime/);
  });
});

describe('links are private and revocable', () => {
  it('stores only a hash of the 256-bit token, and shows the URL only when it is made', async () => {
    const path = await newLink(`products/${p0}`);
    const token = /\/calendars\/(.+)\.ics$/.exec(path)![1];
    const rows = await ctx.database.db.select().from(calendarLinks).where(eq(calendarLinks.ownerId, ids.owner));
    expect(rows.map((r) => r.tokenHash)).toContain(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const read = await call('owner', 'GET', `/calendar-links/products/${p0}`);
    expect(read.statusCode).toBe(200);
    expect(Object.keys(CalendarLinkAnswer.parse(read.json()).link!)).toEqual(['createdTs']);
  });

  it('answers 404 to the old URL after a new one is made, and to every URL after revoking', async () => {
    const first = await newLink(`products/${p0}`);
    const second = await newLink(`products/${p0}`);
    expect(second).not.toBe(first);
    expectApiError(await call(undefined, 'GET', first), 404, 'NOT_FOUND');
    expect((await call(undefined, 'GET', second)).statusCode).toBe(200);
    expect((await call('owner', 'DELETE', `/calendar-links/products/${p0}`)).statusCode).toBe(200);
    const gone = expectApiError(await call(undefined, 'GET', second), 404, 'NOT_FOUND');
    expect(gone.message).toBe(messages.errors.calendar.linkNotFound);
    expect(CalendarLinkAnswer.parse((await call('owner', 'GET', `/calendar-links/products/${p0}`)).json()).link).toBeNull();
    // The all-products link is its own: revoking one product's leaves it working.
    const all = await newLink('all');
    await newLink(`products/${p0}`);
    expect((await call('owner', 'DELETE', `/calendar-links/products/${p0}`)).statusCode).toBe(200);
    expect((await call(undefined, 'GET', all)).statusCode).toBe(200);
  });

  it('never opens another owner’s calendar by guessing: near tokens, other shapes and ids all answer the same 404', async () => {
    const theirs = await newLink(`products/${otherProduct}`, 'other');
    const mine = await newLink(`products/${p0}`);
    const token = /\/calendars\/(.+)\.ics$/.exec(mine)![1];
    const flip = (t: string, i: number) => t.slice(0, i) + (t[i] === 'A' ? 'B' : 'A') + t.slice(i + 1);
    const guesses = [
      `/calendars/${flip(token, 0)}.ics`,
      `/calendars/${flip(token, 42)}.ics`,
      `/calendars/${token}`,
      `/calendars/${token}.ICS`,
      `/calendars/${token.slice(0, 42)}.ics`,
      `/calendars/${sha256(token)}.ics`,
      `/calendars/${otherProduct}.ics`,
      `/calendars/${ids.other}.ics`,
      '/calendars/..%2f..%2fetc.ics',
    ];
    const bodies = new Set<string>();
    for (const url of guesses) {
      const res = await call('owner', 'GET', url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    const other = parse((await call(undefined, 'GET', theirs)).body);
    expect(uidsOf(other)).toEqual(await holdingIds([otherProduct]));
  });
});

describe('who may manage the links', () => {
  it('answers anonymous 401, need-ID 403, and anyone but the owner of a product 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      for (const scope of ['all', `products/${p0}`]) {
        expectApiError(await call(undefined, method, `/calendar-links/${scope}`), 401, 'UNAUTHORIZED');
        const needsId = expectApiError(await call('needsId', method, `/calendar-links/${scope}`), 403, 'FORBIDDEN');
        expect(needsId.message).toBe(messages.errors.calendar.needsVerification);
      }
      for (const who of ['renter', 'other', 'limited'] as const) {
        const res = expectApiError(await call(who, method, `/calendar-links/products/${p0}`), 404, 'NOT_FOUND');
        expect(res.message).toBe(messages.errors.api.productNotFound);
      }
      expect((await call('owner', method, `/calendar-links/products/${p0}`)).statusCode).toBe(200);
    }
    // Everyone signed in and verified has an all-products calendar of their own (empty without products).
    for (const who of ['renter', 'limited', 'other', 'owner'] as const) {
      const made = await call(who, 'POST', '/calendar-links/all');
      expect({ who, status: made.statusCode }).toEqual({ who, status: 200 });
      const path = new URL(CalendarLinkAnswer.parse(made.json()).link!.url!).pathname.replace(/^\/api/, '');
      expect((await call(undefined, 'GET', path)).statusCode).toBe(200);
    }
    expect(parse((await call(undefined, 'GET', await newLink('all', 'renter'))).body)).toEqual([]);
  });

  it('refuses bad ids with a clear message and changes nothing; a removed product’s link stops working', async () => {
    const before = await tableDigest(ctx.database.db, ['calendar_links']);
    for (const bad of ['abc', '0', '-1', '1.5', '2147483648', '%00']) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = expectApiError(await call('owner', method, `/calendar-links/products/${bad}`), 400, 'VALIDATION_ERROR');
        expect(res.message).not.toMatch(/undefined|Invalid|Expected/);
      }
    }
    expectApiError(await call('owner', 'POST', '/calendar-links/products/999999'), 404, 'NOT_FOUND');
    expect(await tableDigest(ctx.database.db, ['calendar_links'])).toBe(before);
    const path = await newLink(`products/${p0}`);
    await ctx.database.db.update(products).set({ deleted: true }).where(eq(products.id, p0));
    try {
      expectApiError(await call(undefined, 'GET', path), 404, 'NOT_FOUND');
    } finally {
      await ctx.database.db.update(products).set({ deleted: false }).where(eq(products.id, p0));
    }
  });
});
