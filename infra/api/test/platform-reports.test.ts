import { ApiErrorBody, RemoteReportsAnswer } from 'shared-kernel/schemas';
import { remoteLoadReports } from '../src/db/schema';
import { LATEST_LIMIT, REPORT_LIMITS } from '../src/routes/platform-reports';
import { cookieHeader, createTestApp, demoCast, type DemoCast, type DemoKey, type TestContext } from '../src/testing/test-app';

const URL = '/platform/remote-reports';
const SITE = 'http://localhost:3000';

let ctx: TestContext;
const CAST = {
  renter: 'renter',
  owner: 'privateOwner',
  other: 'businessOwner',
  needId: 'needsId',
  limited: 'limited',
  admin: 'admin',
} as const satisfies Record<string, DemoKey>;
type Who = keyof typeof CAST;
let cast: DemoCast<Who>;
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  ctx = await createTestApp({ demo: true });
  cast = await demoCast(ctx, CAST);
  for (const who of Object.keys(CAST) as Who[]) tokens[who] = await cast.token(who);
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.database.db.delete(remoteLoadReports);
});

const report = (over: Record<string, unknown> = {}) => ({
  remote: 'mf-booking',
  version: '1.1.0',
  outcome: 'load',
  servedVersion: '1.0.0',
  durationMs: 840,
  message: 'Loading chunk 12 failed',
  path: '/auth/contracts',
  release: 'r-2026-11-24',
  ...over,
});

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: URL,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const list = (token?: string) => ctx.app.inject({ url: URL, headers: cookieHeader(token) });
const rows = () => ctx.database.db.select().from(remoteLoadReports);
const errorOf = (body: string) => ApiErrorBody.parse(JSON.parse(body));

describe('POST /platform/remote-reports', () => {
  it('stores an anonymous report with its time and user agent, and answers 204 without a body', async () => {
    const res = await post(report(), { 'user-agent': `Mozilla/5.0 ${'x'.repeat(400)}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [row] = await rows();
    expect(row).toMatchObject({
      remote: 'mf-booking',
      version: '1.1.0',
      outcome: 'load',
      servedVersion: '1.0.0',
      durationMs: 840,
      userId: null,
      path: '/auth/contracts',
    });
    expect(row.userAgent).toHaveLength(200);
    expect(row.receivedTs.getTime()).toBe(ctx.clock.now().getTime());
  });

  it.each(Object.keys(CAST) as Who[])('stores the signed-in user (%s) with the report', async (who) => {
    const res = await post(report(), cookieHeader(tokens[who]));
    expect(res.statusCode).toBe(204);
    const [row] = await rows();
    expect(row.userId).toBe(cast.ids[who]);
  });

  it('takes the sendBeacon form: a text/plain body from the site itself', async () => {
    const res = await post(report({ outcome: 'ok', servedVersion: '1.1.0' }), { 'content-type': 'text/plain;charset=UTF-8', origin: SITE });
    expect(res.statusCode).toBe(204);
    expect(await rows()).toHaveLength(1);
  });

  it('refuses a text/plain body without an Origin, and any report from another site', async () => {
    const bare = await post(report(), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(bare.statusCode).toBe(403);
    expect(errorOf(bare.body).code).toBe('CSRF');
    for (const type of ['text/plain', 'application/json']) {
      const foreign = await post(report(), { 'content-type': type, origin: 'https://evil.example' });
      expect(foreign.statusCode).toBe(403);
    }
    const fetchMeta = await post(report(), { 'sec-fetch-site': 'cross-site' });
    expect(fetchMeta.statusCode).toBe(403);
    expect(await rows()).toHaveLength(0);
  });

  it.each([
    ['no body', ''],
    ['not JSON', '{"remote":'],
    ['an array', '[]'],
    ['an unknown remote name', report({ remote: 'evil' })],
    ['an unknown outcome', report({ outcome: 'crashed' })],
    ['a negative duration', report({ durationMs: -1 })],
    ['a fractional duration', report({ durationMs: 1.5 })],
    ['an hour-long duration', report({ durationMs: 3_600_000 })],
    ['a path that is not one', report({ path: 'https://evil.example/' })],
    ['a long message', report({ message: 'x'.repeat(301) })],
    ['a missing version', report({ version: undefined })],
    ['a number for a version', report({ version: 5 })],
    ['a NUL byte in the message', report({ message: 'a\u0000b' })],
    ['a NUL byte in the version', report({ version: '1.0.0\u0000' })],
  ])('answers 4xx, never 500, for %s', async (_label, body) => {
    for (const type of ['application/json', 'text/plain']) {
      const res = await post(body, { 'content-type': type, origin: SITE });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(errorOf(res.body).statusCode).toBe(res.statusCode);
    }
    expect(await rows()).toHaveLength(0);
  });

  it('refuses other content types and oversized bodies', async () => {
    const form = await post('remote=mf-booking', { 'content-type': 'application/x-www-form-urlencoded', origin: SITE });
    expect(form.statusCode).toBe(415);
    const huge = await post(report({ message: 'x'.repeat(10_000) }), { origin: SITE });
    expect(huge.statusCode).toBe(413);
  });

  it('is rate limited per address through the shared counters', async () => {
    const limited = await createTestApp({ app: { config: { rateLimits: true } } });
    try {
      const send = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: URL,
          remoteAddress: ip,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(report()),
        });
      for (let i = 0; i < REPORT_LIMITS[0].limit; i++) expect((await send('203.0.113.7')).statusCode).toBe(204);
      const refused = await send('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      // Another address still reports.
      expect((await send('203.0.113.8')).statusCode).toBe(204);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /platform/remote-reports', () => {
  it('is for admins only', async () => {
    expect((await list()).statusCode).toBe(401);
    for (const who of ['renter', 'owner', 'other', 'needId', 'limited'] as const) {
      const res = await list(tokens[who]);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res.body).code).toBe('FORBIDDEN');
    }
    expect((await list(tokens.admin)).statusCode).toBe(200);
  });

  it('lists the newest reports first and sums up the last 24 hours per remote version', async () => {
    // An old report: listed, but outside the summary window.
    await post(report({ durationMs: 99_000 }));
    ctx.clock.advance(25 * 60 * 60_000);
    const durations = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000];
    for (const [i, durationMs] of durations.entries()) {
      await post(report({ outcome: i < 7 ? 'ok' : i < 9 ? 'load' : 'timeout', durationMs, message: `m${i}` }));
      ctx.clock.advance(1000);
    }
    // Sessions end after 24 idle hours: sign in again on the moved clock.
    const renter = await cast.token('renter');
    await post(report({ remote: 'mf-account', version: '2.0.0', outcome: 'mount', durationMs: 50 }), cookieHeader(renter));

    const res = await list(await cast.token('admin'));
    expect(res.statusCode).toBe(200);
    const answer = RemoteReportsAnswer.parse(res.json());
    expect(answer.reports).toHaveLength(12);
    expect(answer.reports[0]).toMatchObject({ remote: 'mf-account', outcome: 'mount', userId: expect.any(Number) });
    expect(answer.reports[1].message).toBe('m9');
    expect(answer.reports[11].durationMs).toBe(99_000);
    expect(new Date(answer.since).getTime()).toBe(ctx.clock.now().getTime() - 24 * 60 * 60_000);

    expect(answer.summary).toEqual([
      { remote: 'mf-account', version: '2.0.0', total: 1, ok: 0, load: 0, mount: 1, timeout: 0, p50Ms: 50, p95Ms: 50 },
      // percentile_cont over 100..1000: p50 = 550, p95 = 955
      { remote: 'mf-booking', version: '1.1.0', total: 10, ok: 7, load: 2, mount: 0, timeout: 1, p50Ms: 550, p95Ms: 955 },
    ]);
  });

  it(`keeps the list to the latest ${LATEST_LIMIT}`, async () => {
    const values = Array.from({ length: LATEST_LIMIT + 5 }, (_, i) => ({
      receivedTs: new Date(ctx.clock.now().getTime() - i * 1000),
      remote: 'mf-public',
      version: '1.0.0',
      outcome: 'ok' as const,
      servedVersion: '1.0.0',
      durationMs: i,
      message: '',
      path: '/public',
      release: 'r1',
    }));
    await ctx.database.db.insert(remoteLoadReports).values(values);
    const answer = RemoteReportsAnswer.parse((await list(await cast.token('admin'))).json());
    expect(answer.reports).toHaveLength(LATEST_LIMIT);
    expect(answer.reports[0].durationMs).toBe(0);
    expect(answer.summary[0].total).toBe(LATEST_LIMIT + 5);
  });
});
