import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { messages } from 'shared-kernel/messages';
import { CALENDAR_IMPORTS_MAX, CalendarImport, CalendarImportList, OwnerProductList, Product } from 'shared-kernel/schemas';
import { queryRows } from '../src/db/database';
import { products } from '../src/db/schema';
import { FEED_MAX_PERIODS } from '../src/services/calendars/feed';
import { CALENDAR_FEED_JOB, CALENDAR_READ_WAIT_MS, CALENDAR_REFRESH_EVERY_MS } from '../src/services/calendars/jobs';
import { expectApiError, tableDigest } from '../src/testing/assertions';
import { createTestApp, replicaOf, sessionHeaders, type TestContext } from '../src/testing/test-app';
import { bookableEveryDay, caller, roleIds, type Who } from './calendar-test-kit';

// Issue 32, iCal import: an owner follows outside calendars per product; their busy events block
// the product. A local HTTP server plays the outside calendar, so this suite's app allows local
// feeds (config.allowLocalCalendarFeeds); the last part shows the sandboxes alone do not. The clock
// is Monday 2 June 2025.

let ctx: TestContext;
let ids = {} as Record<Who, number>;
let p0: number;
let p1: number;

/** What the fake calendar server answers, by path. */
const feeds = new Map<string, { status?: number; type?: string; location?: string; body: string | Buffer }>();
let server: http.Server;
/** How many requests the fake calendar server has had. */
let requestsServed = 0;
let base: string;

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Tallinn',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0300',
  'DTSTART:19700329T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0200',
  'DTSTART:19701025T040000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function ics(events: string[][]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Other channel//EN', ...VTIMEZONE];
  events.forEach((props, i) => lines.push('BEGIN:VEVENT', `UID:ext-${i}@example.test`, 'DTSTAMP:20250601T000000Z', ...props, 'END:VEVENT'));
  lines.push('END:VCALENDAR');
  return lines.join('\r\n') + '\r\n';
}

/** Booked elsewhere: 10-12 July (Tallinn wall time), 20 July all day; a cancelled and a free one that hold nothing. */
const FIRST = ics([
  ['DTSTART;TZID=Europe/Tallinn:20250710T100000', 'DTEND;TZID=Europe/Tallinn:20250712T100000', 'SUMMARY:Airbnb (Not available)'],
  ['DTSTART;VALUE=DATE:20250720', 'DTEND;VALUE=DATE:20250721', 'SUMMARY:Paberpäevik'],
  ['DTSTART:20250801T070000Z', 'DTEND:20250802T070000Z', 'STATUS:CANCELLED'],
  ['DTSTART:20250805T070000Z', 'DTEND:20250806T070000Z', 'TRANSP:TRANSPARENT'],
]);

const call = caller(
  () => ctx,
  () => ids,
);

async function imports(productId: number): Promise<CalendarImport[]> {
  return CalendarImportList.parse((await call('owner', 'GET', `/products/${productId}/calendar-imports`)).json());
}

/** The queued calendar reads run, as a replica's next round (or the kick after the answer) runs them. */
async function readQueued(): Promise<number> {
  return ctx.app.jobs.runDue([CALENDAR_FEED_JOB]);
}

/** The calendar as the owner's list shows it after the queued reads. */
async function afterRead(productId: number, importId: number): Promise<CalendarImport> {
  await readQueued();
  const row = (await imports(productId)).find((r) => r.id === importId);
  expect(row).toMatchObject({ pending: false });
  return row!;
}

/** Adds a calendar: the answer says it is being read, and is; the calendar as it is once read. */
async function follow(productId: number, path: string): Promise<CalendarImport> {
  const res = await call('owner', 'POST', `/products/${productId}/calendar-imports`, { url: `${base}${path}` });
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 200 });
  const asked = CalendarImport.parse(res.json());
  expect(asked).toMatchObject({ pending: true, lastAttemptTs: null, lastSuccessTs: null, error: null, blockedCount: 0 });
  return afterRead(productId, asked.id);
}

const book = (who: Who, productId: number, start: string, end: string) =>
  call(who, 'POST', `/reservations/product/${productId}`, { startTs: start, endTs: end });

async function blockedOf(productId: number) {
  const product = Product.parse((await call(undefined, 'GET', `/products/${productId}`)).json());
  return product.blockedPeriods;
}

/** The job queue's next round after the refresh period has passed. */
async function nextRefreshRound(): Promise<void> {
  ctx.clock.advance(CALENDAR_REFRESH_EVERY_MS);
  await ctx.app.jobs.tick();
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    requestsServed += 1;
    const feed = feeds.get(request.url ?? '');
    if (request.url === '/slow') return; // never answers
    if (!feed) return void response.writeHead(404).end('not here');
    response
      .writeHead(feed.status ?? 200, {
        'content-type': feed.type ?? 'text/calendar',
        ...(feed.location ? { location: feed.location } : {}),
      })
      .end(feed.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  ctx = await createTestApp({ demo: true, app: { config: { allowLocalCalendarFeeds: true } } });
  ids = await roleIds(ctx);
  const own = await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.userId, ids.owner)).orderBy(products.id);
  [p0, p1] = [own[0].id, own[1].id];
  await bookableEveryDay(ctx, p0);
  await bookableEveryDay(ctx, p1);
});
afterAll(async () => {
  await ctx.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('a followed calendar blocks the product', () => {
  it('reads the calendar on the job queue when added: its busy events hold the product, cancelled and free ones do not', async () => {
    feeds.set('/first.ics', { body: FIRST });
    const served = requestsServed;
    // The answer comes before any read: the calendar is being read, nothing is held yet.
    const res = await call('owner', 'POST', `/products/${p0}/calendar-imports`, { url: `${base}/first.ics` });
    expect(res.statusCode).toBe(200);
    const asked = CalendarImport.parse(res.json());
    expect(asked).toEqual({
      id: asked.id,
      url: `${base}/first.ics`,
      createdTs: ctx.clock.now().toISOString(),
      lastAttemptTs: null,
      lastSuccessTs: null,
      error: null,
      warning: null,
      blockedCount: 0,
      upcoming: [],
      pending: true,
    });
    expect(requestsServed).toBe(served);
    expect(await imports(p0)).toEqual([asked]);
    expect(await blockedOf(p0)).toEqual([]);

    // The queue's read: one job, the calendar read once.
    expect(await readQueued()).toBe(1);
    expect(requestsServed).toBe(served + 1);
    const added = (await imports(p0))[0];
    expect(added).toMatchObject({
      url: `${base}/first.ics`,
      pending: false,
      error: null,
      blockedCount: 2,
      lastAttemptTs: ctx.clock.now().toISOString(),
      lastSuccessTs: ctx.clock.now().toISOString(),
    });
    expect(added.upcoming).toEqual([
      { startTs: '2025-07-10T07:00:00.000Z', endTs: '2025-07-12T07:00:00.000Z' },
      { startTs: '2025-07-19T21:00:00.000Z', endTs: '2025-07-20T21:00:00.000Z' },
    ]);
    expect(await blockedOf(p0)).toEqual([
      // 10:00 summer time is 07:00 UTC; the all-day event is the Tallinn day.
      { startTs: '2025-07-10T07:00:00.000Z', endTs: '2025-07-12T07:00:00.000Z' },
      { startTs: '2025-07-19T21:00:00.000Z', endTs: '2025-07-20T21:00:00.000Z' },
    ]);
    expect(await imports(p0)).toEqual([added]);
  });

  it('refuses a booking over a blocked period with UNAVAILABLE, and takes one beside it', async () => {
    for (const [start, end] of [
      ['2025-07-11T10:00:00+03:00', '2025-07-11T12:00:00+03:00'],
      ['2025-07-09T10:00:00+03:00', '2025-07-13T10:00:00+03:00'],
      ['2025-07-20T08:00:00+03:00', '2025-07-20T18:00:00+03:00'],
    ]) {
      const refused = expectApiError(await book('renter', p0, start, end), 409, 'UNAVAILABLE');
      expect(refused.message).toBe(messages.errors.booking.unavailable);
    }
    expect((await book('renter', p0, '2025-07-12T10:00:00+03:00', '2025-07-13T10:00:00+03:00')).statusCode).toBe(201);
    // The other product follows nothing: the same days are free there.
    expect((await book('renter', p1, '2025-07-11T10:00:00+03:00', '2025-07-11T12:00:00+03:00')).statusCode).toBe(201);
    expect(await blockedOf(p1)).toEqual([]);
  });

  it('is read again by the job queue: a changed calendar replaces its blocks', async () => {
    feeds.set('/first.ics', { body: ics([['DTSTART:20250715T050000Z', 'DTEND:20250716T050000Z']]) });
    await nextRefreshRound();
    expect(await blockedOf(p0)).toEqual([{ startTs: '2025-07-15T05:00:00.000Z', endTs: '2025-07-16T05:00:00.000Z' }]);
    const [row] = await imports(p0);
    expect(row).toMatchObject({ error: null, blockedCount: 1, lastSuccessTs: ctx.clock.now().toISOString() });
    expect((await book('other', p0, '2025-07-11T10:00:00+03:00', '2025-07-11T12:00:00+03:00')).statusCode).toBe(201);
  });

  it('reports a failing or nonsense calendar on the product and keeps the last good blocks', async () => {
    const good = (await imports(p0))[0];
    const cases: [string, { status?: number; type?: string; body: string | Buffer }][] = [
      ['HTTP_STATUS', { status: 500, body: ics([['DTSTART:20250901T050000Z', 'DTEND:20250902T050000Z']]) }],
      ['NOT_CALENDAR', { type: 'text/html', body: '<html><body>Sisene kasutajaga</body></html>' }],
      ['NOT_CALENDAR', { body: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:garbage\r\n' }],
      ['TOO_LARGE', { body: Buffer.alloc(3 * 1024 * 1024, 'A') }],
    ];
    for (const [error, feed] of cases) {
      feeds.set('/first.ics', feed);
      await nextRefreshRound();
      const [row] = await imports(p0);
      expect({ error: row.error, lastSuccessTs: row.lastSuccessTs, blockedCount: row.blockedCount }).toEqual({
        error,
        lastSuccessTs: good.lastSuccessTs,
        blockedCount: 1,
      });
      expect(row.lastAttemptTs).toBe(ctx.clock.now().toISOString());
      expect(await blockedOf(p0)).toEqual([{ startTs: '2025-07-15T05:00:00.000Z', endTs: '2025-07-16T05:00:00.000Z' }]);
    }
    // Nothing new is blocked: September (in the failed 500 answer) stays bookable.
    expect((await book('business', p0, '2025-09-01T10:00:00+03:00', '2025-09-01T12:00:00+03:00')).statusCode).toBe(201);
    // A feed that recovers is good again once the owner's "read again" has been read, in the same
    // half hour as the period's read (its own job, not the period's).
    feeds.set('/first.ics', { body: FIRST });
    const asked = CalendarImport.parse((await call('owner', 'POST', `/products/${p0}/calendar-imports/${good.id}/refresh`)).json());
    // Until then it says it is being read, with the state it had.
    expect(asked).toMatchObject({ pending: true, error: 'TOO_LARGE', blockedCount: 1 });
    expect(await afterRead(p0, good.id)).toMatchObject({ pending: false, error: null, blockedCount: 2 });
  });

  it('reports a server that cannot be reached, and frees the time when the calendar is removed', async () => {
    const gone = await follow(p1, '/missing.ics');
    expect(gone).toMatchObject({ error: 'HTTP_STATUS', lastSuccessTs: null, blockedCount: 0 });
    const closedPort = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const unreachable = await call('owner', 'POST', `/products/${p1}/calendar-imports`, { url: `http://127.0.0.1:${closedPort}/x.ics` });
    expect(await afterRead(p1, CalendarImport.parse(unreachable.json()).id)).toMatchObject({ error: 'FETCH_FAILED', blockedCount: 0 });
    // The owner's product list names the failing calendars by host, on that product only.
    const list = OwnerProductList.parse((await call('owner', 'GET', '/products/my-products')).json());
    const host = new URL(base).host;
    expect(list.find((p) => p.id === p1)?.failingCalendars).toEqual([
      { host, error: 'HTTP_STATUS', warning: null },
      { host: `127.0.0.1:${closedPort}`, error: 'FETCH_FAILED', warning: null },
    ]);
    expect(list.find((p) => p.id === p0)?.failingCalendars).toEqual([]);
    expect(list.filter((p) => p.failingCalendars.length > 0).map((p) => p.id)).toEqual([p1]);

    const [first] = await imports(p0);
    expect((await call('owner', 'DELETE', `/products/${p0}/calendar-imports/${first.id}`)).statusCode).toBe(200);
    expect(await blockedOf(p0)).toEqual([]);
    expect(await imports(p0)).toEqual([]);
    expect((await book('admin', p0, '2025-07-20T10:00:00+03:00', '2025-07-20T12:00:00+03:00')).statusCode).toBe(201);
  });
});

describe('the periods a followed calendar holds', () => {
  it('lists the first few coming ones by start, past ones left out, with the count of all', async () => {
    // Eight days in August in reverse order and one in May (before the clock's 2 June).
    const days = [16, 15, 14, 13, 12, 11, 10, 9].map((d) => [`DTSTART;VALUE=DATE:202508${d}`, `DTEND;VALUE=DATE:202508${d + 1}`]);
    feeds.set('/many.ics', { body: ics([...days, ['DTSTART;VALUE=DATE:20250510', 'DTEND;VALUE=DATE:20250511']]) });
    const row = await follow(p1, '/many.ics');
    expect(row.blockedCount).toBe(8);
    expect(row.upcoming).toEqual(
      [9, 10, 11, 12, 13].map((d) => ({
        startTs: `2025-08-${String(d - 1).padStart(2, '0')}T21:00:00.000Z`,
        endTs: `2025-08-${String(d).padStart(2, '0')}T21:00:00.000Z`,
      })),
    );
    expect((await imports(p1)).find((r) => r.id === row.id)).toEqual(row);
    // Only the owner reads them: the matrix below walks GET /products/:id/calendar-imports.
    expect((await call('other', 'GET', `/products/${p1}/calendar-imports`)).body).not.toContain('2025-08-08');
    expect((await call('owner', 'DELETE', `/products/${p1}/calendar-imports/${row.id}`)).statusCode).toBe(200);
  });
});

describe('reading on the job queue, not in the request', () => {
  /** The product's calendar reads still waiting in the queue. */
  const waitingReads = async (importId: number) =>
    (
      await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from jobs where name = ${CALENDAR_FEED_JOB} and done_ts is null and (payload->>'importId')::int = ${importId}`,
      )
    )[0].n;

  it('answers at once while the outside calendar is slow, and a calendar removed before its read is not read', async () => {
    const served = requestsServed;
    const started = Date.now();
    const res = await call('owner', 'POST', `/products/${p0}/calendar-imports`, { url: `${base}/slow` });
    // The feed would take its whole timeout (10 s); the answer waits for none of it.
    expect(Date.now() - started).toBeLessThan(5000);
    const row = CalendarImport.parse(res.json());
    expect(row).toMatchObject({ pending: true, lastAttemptTs: null });
    expect(await waitingReads(row.id)).toBe(1);
    expect((await call('owner', 'DELETE', `/products/${p0}/calendar-imports/${row.id}`)).statusCode).toBe(200);
    expect(await readQueued()).toBe(1);
    expect(requestsServed).toBe(served);
  });

  it('is read right after the answer by a replica that polls the queue (the dev runner, production)', async () => {
    // Its own round is a minute away: the read comes from the kick after the answer.
    const app = await replicaOf(ctx, { config: { allowLocalCalendarFeeds: true, jobPollMs: 60_000 } });
    try {
      feeds.set('/soon.ics', { body: FIRST });
      const headers = { ...(await sessionHeaders(ctx, ids.owner)), 'content-type': 'application/json' };
      const res = await app.inject({
        method: 'POST',
        url: `/products/${p0}/calendar-imports`,
        headers,
        payload: JSON.stringify({ url: `${base}/soon.ics` }),
      });
      const asked = CalendarImport.parse(res.json());
      expect(asked.pending).toBe(true);
      let row = asked;
      for (let i = 0; i < 100 && row.pending; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = (await imports(p0)).find((r) => r.id === asked.id)!;
      }
      expect(row).toMatchObject({ pending: false, error: null, blockedCount: 2 });
      expect((await call('owner', 'DELETE', `/products/${p0}/calendar-imports/${asked.id}`)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('queues one read for "read again" pressed twice, and asks anew once that read has waited too long', async () => {
    feeds.set('/again.ics', { body: FIRST });
    const row = await follow(p0, '/again.ics');
    expect(row).toMatchObject({ pending: false, blockedCount: 2 });
    const again = async () =>
      CalendarImport.parse((await call('owner', 'POST', `/products/${p0}/calendar-imports/${row.id}/refresh`)).json());
    expect(await again()).toMatchObject({ pending: true, blockedCount: 2 });
    expect(await again()).toMatchObject({ pending: true });
    expect(await waitingReads(row.id)).toBe(1);
    // A read lost with its replica does not leave the calendar pending for good.
    ctx.clock.advance(CALENDAR_READ_WAIT_MS + 1000);
    expect(await again()).toMatchObject({ pending: true });
    expect(await waitingReads(row.id)).toBe(2);

    feeds.set('/again.ics', { body: ics([['DTSTART:20250715T050000Z', 'DTEND:20250716T050000Z']]) });
    expect(await afterRead(p0, row.id)).toMatchObject({
      pending: false,
      blockedCount: 1,
      lastSuccessTs: ctx.clock.now().toISOString(),
    });
    expect(await waitingReads(row.id)).toBe(0);
    expect((await call('owner', 'DELETE', `/products/${p0}/calendar-imports/${row.id}`)).statusCode).toBe(200);
  });
});

describe('a calendar with more events than are kept', () => {
  it('blocks with the soonest, and tells the owner up to when, on the calendar and in the product list', async () => {
    // 2,100 one-hour events every two hours from 1 July (UTC); the 2,001st starts 4,000 hours in.
    const first = Date.parse('2025-07-01T00:00:00Z');
    const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.000/g, '');
    const events = Array.from({ length: FEED_MAX_PERIODS + 100 }, (_, i) => [
      `DTSTART:${stamp(first + i * 2 * 3_600_000)}`,
      `DTEND:${stamp(first + (i * 2 + 1) * 3_600_000)}`,
    ]);
    feeds.set('/busy.ics', { body: ics(events) });
    const honouredUntil = new Date(first + FEED_MAX_PERIODS * 2 * 3_600_000).toISOString();
    expect(honouredUntil).toBe('2025-12-14T16:00:00.000Z');

    const row = await follow(p1, '/busy.ics');
    // A good read: its blocks apply, so it is the last success; the warning says what it left out.
    expect(row).toMatchObject({
      error: null,
      warning: { code: 'TOO_MANY_EVENTS', honouredUntil },
      blockedCount: FEED_MAX_PERIODS,
      lastSuccessTs: ctx.clock.now().toISOString(),
    });
    const host = new URL(base).host;
    const listed = async () =>
      OwnerProductList.parse((await call('owner', 'GET', '/products/my-products')).json()).find((p) => p.id === p1)?.failingCalendars;
    // Beside the two failing calendars the product follows from the tests above.
    const failing = (await listed())!.slice(0, 2);
    expect(failing.map((c) => c.error)).toEqual(['HTTP_STATUS', 'FETCH_FAILED']);
    expect(await listed()).toEqual([...failing, { host, error: null, warning: { code: 'TOO_MANY_EVENTS', honouredUntil } }]);

    // Inside the kept range the outside calendar's events hold the product (10:00-12:00 Tallinn is 07-09 UTC, 08-09 busy).
    const refused = expectApiError(
      await book('business', p1, '2025-08-12T10:00:00+03:00', '2025-08-12T12:00:00+03:00'),
      409,
      'UNAVAILABLE',
    );
    expect(refused.message).toBe(messages.errors.booking.unavailable);
    // From the stated instant on they do not: the warning's words.
    const later = await book('other', p1, '2025-12-20T10:00:00+02:00', '2025-12-20T12:00:00+02:00');
    expect({ status: later.statusCode, body: later.body }).toMatchObject({ status: 201 });

    // A failed read keeps the blocks in force, and with them the warning.
    feeds.set('/busy.ics', { status: 500, body: 'down' });
    await nextRefreshRound();
    expect((await imports(p1)).find((r) => r.id === row.id)).toMatchObject({
      error: 'HTTP_STATUS',
      warning: { code: 'TOO_MANY_EVENTS', honouredUntil },
      blockedCount: FEED_MAX_PERIODS,
    });
    expect(await listed()).toEqual([...failing, { host, error: 'HTTP_STATUS', warning: { code: 'TOO_MANY_EVENTS', honouredUntil } }]);

    // A calendar that fits again is whole: no warning.
    feeds.set('/busy.ics', { body: ics(events.slice(0, 10)) });
    await nextRefreshRound();
    expect((await imports(p1)).find((r) => r.id === row.id)).toMatchObject({ error: null, warning: null, blockedCount: 10 });
    expect(await listed()).toEqual(failing);
    expect((await call('owner', 'DELETE', `/products/${p1}/calendar-imports/${row.id}`)).statusCode).toBe(200);
  });
});

describe('who may follow calendars', () => {
  it('answers anonymous 401, need-ID 403, and anyone but the owner 404 on every calendar-import endpoint', async () => {
    feeds.set('/matrix.ics', { body: FIRST });
    const row = await follow(p1, '/matrix.ics');
    const endpoints: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
      ['GET', `/products/${p1}/calendar-imports`],
      ['POST', `/products/${p1}/calendar-imports`, { url: `${base}/matrix-2.ics` }],
      ['POST', `/products/${p1}/calendar-imports/${row.id}/refresh`],
      ['DELETE', `/products/${p1}/calendar-imports/${row.id}`],
    ];
    const before = await tableDigest(ctx.database.db, ['calendar_imports', 'calendar_blocks', 'jobs']);
    for (const [method, url, body] of endpoints) {
      expectApiError(await call(undefined, method, url, body), 401, 'UNAUTHORIZED');
      expect(expectApiError(await call('needsId', method, url, body), 403, 'FORBIDDEN').message).toBe(
        messages.errors.calendar.needsVerification,
      );
      for (const who of ['renter', 'other', 'limited'] as const) {
        const res = await call(who, method, url, body);
        expect({ who, method, url, status: res.statusCode }).toEqual({ who, method, url, status: 404 });
      }
    }
    expect(await tableDigest(ctx.database.db, ['calendar_imports', 'calendar_blocks', 'jobs'])).toBe(before);
    // The owner may do each.
    for (const [method, url, body] of endpoints) expect((await call('owner', method, url, body)).statusCode).toBe(200);
  });

  it('walks bad input: each refused with an Estonian message, nothing written', async () => {
    const before = await tableDigest(ctx.database.db, ['calendar_imports', 'calendar_blocks', 'jobs']);
    const url = `/products/${p1}/calendar-imports`;
    const bodies: [unknown, number, string][] = [
      [{}, 400, 'VALIDATION_ERROR'],
      [{ url: 42 }, 400, 'VALIDATION_ERROR'],
      [{ url: '' }, 400, 'VALIDATION_ERROR'],
      [{ url: 'kalender' }, 400, 'VALIDATION_ERROR'],
      [{ url: 'ftp://example.com/a.ics' }, 400, 'VALIDATION_ERROR'],
      [{ url: 'javascript:alert(1)' }, 400, 'VALIDATION_ERROR'],
      [{ url: 'file:///etc/passwd' }, 400, 'VALIDATION_ERROR'],
      // Plain http only to this machine, even with the sandboxes.
      [{ url: 'http://example.com/a.ics' }, 400, 'VALIDATION_ERROR'],
      [{ url: 'https://user:pass@example.com/a.ics' }, 400, 'VALIDATION_ERROR'],
      [{ url: `https://example.com/${'a'.repeat(2100)}` }, 400, 'VALIDATION_ERROR'],
      [{ url: 'https://example.com/\u0000.ics' }, 400, 'VALIDATION_ERROR'],
      // Addresses only the lenient webcal parsing takes: no address once read as https (they were 500s).
      [{ url: 'webcal://a%zz/x.ics' }, 400, 'VALIDATION_ERROR'],
      [{ url: 'webcal://1.2.3.4.5/x.ics' }, 400, 'VALIDATION_ERROR'],
      [{ url: 'webcal://999.1.1.1/x' }, 400, 'VALIDATION_ERROR'],
      [{ url: 'webcal://xn--a/cal.ics' }, 400, 'VALIDATION_ERROR'],
      // Named inside by itself: refused when added, not saved to fail at every read.
      [{ url: 'https://10.0.0.1/a.ics' }, 400, 'VALIDATION_ERROR'],
      [{ url: 'https://169.254.169.254/latest/meta-data' }, 400, 'VALIDATION_ERROR'],
      [{ url: 'https://[::ffff:169.254.169.254]/latest' }, 400, 'VALIDATION_ERROR'],
      [{ url: 'https://[::ffff:a00:1]/a.ics' }, 400, 'VALIDATION_ERROR'],
      ['{"url": ', 400, 'MALFORMED_JSON'],
    ];
    for (const [body, status, code] of bodies) {
      const res = expectApiError(await call('owner', 'POST', url, body), status, code);
      expect(res.message).not.toMatch(/undefined|Invalid|Expected|\[object/);
    }
    for (const bad of ['abc', '0', '-1', '2147483648']) {
      expectApiError(await call('owner', 'GET', `/products/${bad}/calendar-imports`), 400, 'VALIDATION_ERROR');
      expectApiError(await call('owner', 'DELETE', `/products/${p1}/calendar-imports/${bad}`), 400, 'VALIDATION_ERROR');
      expectApiError(await call('owner', 'POST', `/products/${p1}/calendar-imports/${bad}/refresh`), 400, 'VALIDATION_ERROR');
    }
    expect(
      expectApiError(await call('owner', 'POST', url, { url: 'https://user:pass@example.com/a.ics' }), 400, 'VALIDATION_ERROR').message,
    ).toBe(messages.errors.calendar.importUrlCredentials);
    expect(expectApiError(await call('owner', 'POST', url, { url: 'https://192.168.1.1/a.ics' }), 400, 'VALIDATION_ERROR').message).toBe(
      messages.errors.calendar.importUrlInside,
    );
    // Rendime's own calendar file, by any host: refused, never read from inside the request.
    const own = await call('owner', 'POST', `/calendar-links/products/${p0}`);
    expect(own.statusCode).toBe(200);
    const ownPath = /\/calendars\/[^/]+\.ics$/.exec((own.json() as { link: { url: string } }).link.url)?.[0];
    expect(ownPath).toBeDefined();
    for (const host of ['http://127.0.0.1:9/api', 'https://rendime.example']) {
      const res = await call('owner', 'POST', url, { url: `${host}${ownPath}` });
      expect(expectApiError(res, 400, 'VALIDATION_ERROR').message).toBe(messages.errors.calendar.importUrlOwn);
    }
    expectApiError(await call('owner', 'DELETE', `/products/${p1}/calendar-imports/999999`), 404, 'NOT_FOUND');
    expectApiError(await call('owner', 'GET', '/products/999999/calendar-imports'), 404, 'NOT_FOUND');
    expect(await tableDigest(ctx.database.db, ['calendar_imports', 'calendar_blocks', 'jobs'])).toBe(before);

    const [existing] = await imports(p1);
    const dup = expectApiError(await call('owner', 'POST', url, { url: existing.url }), 409, 'DUPLICATE');
    expect(dup.message).toBe(messages.errors.calendar.importDuplicate);
    feeds.set('/empty.ics', { body: ics([]) });
    for (let n = (await imports(p1)).length; n < CALENDAR_IMPORTS_MAX; n++) await follow(p1, `/empty.ics?n=${n}`);
    const tooMany = expectApiError(await call('owner', 'POST', url, { url: `${base}/empty.ics?n=99` }), 409, 'TOO_MANY_IMPORTS');
    expect(tooMany.message).toContain(String(CALENDAR_IMPORTS_MAX));
  });

  it("refuses Rendime's own calendar file where an outside address redirects to it: that hop is never asked, nothing is blocked", async () => {
    for (const row of await imports(p1)) await call('owner', 'DELETE', `/products/${p1}/calendar-imports/${row.id}`);
    const own = await call('owner', 'POST', `/calendar-links/products/${p0}`);
    const ownPath = /\/calendars\/[^/]+\.ics$/.exec((own.json() as { link: { url: string } }).link.url)![0];
    // The fake server stands in for the API answering its own file with the owner's bookings.
    feeds.set(`/api${ownPath}`, { body: FIRST });
    feeds.set('/to-own.ics', { status: 302, location: `${base}/api${ownPath}`, body: '' });
    const served = requestsServed;
    const redirected = await follow(p1, '/to-own.ics');
    expect(redirected).toMatchObject({ error: 'ADDRESS_REFUSED', blockedCount: 0 });
    expect(requestsServed - served).toBe(1);
    expect((await call('owner', 'DELETE', `/products/${p1}/calendar-imports/${redirected.id}`)).statusCode).toBe(200);
  });
});

describe("addresses on this machine without the tests' switch", () => {
  it('refuses them with the sandboxes on, when added and when read, as production does', async () => {
    // Another replica on the same database, with the sandboxes (as the dev runner) but local feeds off.
    const app = await replicaOf(ctx, { config: { allowLocalCalendarFeeds: false } });
    try {
      expect(app.config).toMatchObject({ sandboxServices: true, allowLocalCalendarFeeds: false });
      const headers = { ...(await sessionHeaders(ctx, ids.owner)), 'content-type': 'application/json' };
      const add = (url: string) =>
        app.inject({ method: 'POST', url: `/products/${p0}/calendar-imports`, headers, payload: JSON.stringify({ url }) });
      const before = await tableDigest(ctx.database.db, ['calendar_imports', 'calendar_blocks', 'jobs']);
      const port = new URL(base).port;
      for (const url of [
        `${base}/first.ics`,
        `http://localhost:${port}/first.ics`,
        `https://127.0.0.1:${port}/first.ics`,
        `https://localhost:${port}/first.ics`,
        'https://[::1]/a.ics',
        'https://2130706433/a.ics',
        'webcal://127.0.0.1/a.ics',
        'https://192.168.1.10/a.ics',
      ]) {
        const refused = expectApiError(await add(url), 400, 'VALIDATION_ERROR');
        expect({ url, message: refused.message }).toEqual({ url, message: messages.errors.calendar.importUrlInside });
      }
      expect(await tableDigest(ctx.database.db, ['calendar_imports', 'calendar_blocks', 'jobs'])).toBe(before);

      // A local address saved by an app that allowed it is refused at the read, when this replica
      // takes its queued job: nothing is fetched.
      feeds.set('/local.ics', { body: FIRST });
      const asked = CalendarImport.parse(
        (await call('owner', 'POST', `/products/${p0}/calendar-imports`, { url: `${base}/local.ics` })).json(),
      );
      const served = requestsServed;
      expect(await app.jobs.runDue([CALENDAR_FEED_JOB])).toBe(1);
      expect(requestsServed).toBe(served);
      expect((await imports(p0)).find((r) => r.id === asked.id)).toMatchObject({
        pending: false,
        error: 'ADDRESS_REFUSED',
        blockedCount: 0,
      });
      expect((await call('owner', 'DELETE', `/products/${p0}/calendar-imports/${asked.id}`)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
