import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { resolveConfig } from '../src/config';
import { SERVER_TIMEOUTS } from '../src/lib/server-timeouts';
import { closeHealthServer, databaseReady, startHealthServer } from '../src/services/health';
import { expectApiError } from '../src/testing/assertions';
import { createTestApp, type TestContext } from '../src/testing/test-app';

// Issue 29: slow clients are cut off, and the health checks answer while the API is busy.

/** Sends a request's headers a line every `everyMs` and never finishes them; resolves when the server closes the socket. */
function slowHeaders(port: number, everyMs: number): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      timer = setInterval(() => socket.write(`X-Slow-${i++}: ${'a'.repeat(10)}\r\n`), everyMs);
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
  });
}

function probe(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      })
      .on('error', reject);
  });
}

describe('server timeouts', () => {
  it('production defaults: headers 10 s, whole request 120 s, keep-alive 5 s, checked every second (a slow-header client is gone within 15 s)', async () => {
    expect(resolveConfig().serverTimeouts).toEqual(SERVER_TIMEOUTS);
    expect(SERVER_TIMEOUTS.headersMs + SERVER_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(15_000);
    const ctx = await createTestApp();
    try {
      expect({
        headers: ctx.app.server.headersTimeout,
        request: ctx.app.server.requestTimeout,
        keepAlive: ctx.app.server.keepAliveTimeout,
      }).toEqual({ headers: 10_000, request: 120_000, keepAlive: 5_000 });
    } finally {
      await ctx.close();
    }
  });

  it('cuts off a client that sends its headers slowly (with 408), while others are served', async () => {
    const ctx = await createTestApp({ app: { config: { serverTimeouts: { ...SERVER_TIMEOUTS, headersMs: 600, checkIntervalMs: 100 } } } });
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const slow = slowHeaders(port, 100);
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
      const { closedAfterMs, answer } = await slow;
      // Node may count from when its pooled parser last started, so the cut can come sooner, never later.
      expect(closedAfterMs).toBeLessThan(2_500);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await ctx.close();
    }
  });
});

describe('health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // One search at a time (as on PGlite), so the burst below is still running on PostgreSQL too.
    ctx = await createTestApp({ demo: true, app: { config: { heavyConcurrency: 1 } } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('/health, /health/live and /health/ready answer ok for anyone; only GET', async () => {
    for (const url of ['/health', '/health/live', '/health/ready']) {
      const res = await ctx.app.inject({ url });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 200, body: { ok: true } });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await ctx.app.inject({ url, headers: { cookie: 'rendime_sid=forged' } })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'POST', url })).statusCode).toBe(404);
    }
  });

  it('readiness says 503 NOT_READY when the database does not answer in time; liveness does not ask it', async () => {
    const hanging = { execute: () => new Promise(() => undefined) } as unknown as Parameters<typeof databaseReady>[0];
    const failing = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Parameters<typeof databaseReady>[0];
    expect(await databaseReady(hanging, 50)).toBe(false);
    expect(await databaseReady(failing, 50)).toBe(false);
    expect(await databaseReady(ctx.app.db, 1_000)).toBe(true);
    // The database away: readiness refuses, liveness (and /health, which callers use for it) still answers.
    const down = jest.spyOn(ctx.app.db, 'execute').mockRejectedValue(new Error('connection refused'));
    try {
      expect(expectApiError(await ctx.app.inject({ url: '/health/ready' }), 503, 'NOT_READY').message).toBe(
        'Teenus ei ole hetkel valmis. Proovi hetke pärast uuesti.',
      );
      expect((await ctx.app.inject({ url: '/health/live' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      down.mockRestore();
    }
    expect((await ctx.app.inject({ url: '/health/ready' })).statusCode).toBe(200);
  });

  it('answers on the API port and on the health port while 300 searches wait their turn', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const lane = await startHealthServer(ctx.app, { port: 0, host: '127.0.0.1', timeouts: SERVER_TIMEOUTS });
    const laneBase = `http://127.0.0.1:${(lane.address() as AddressInfo).port}`;
    try {
      let finished = 0;
      const total = 300;
      const searches = Array.from({ length: total }, (_, i) =>
        fetch(`${base}/products/search?perPage=100&page=${i % 3}`).then(async (r) => {
          await r.arrayBuffer();
          finished += 1;
          return r.status;
        }),
      );
      // The burst is under way: its first answers are out.
      while (finished === 0) await new Promise((r) => setTimeout(r, 5));
      // Each probe on a new connection, as a kubelet's.
      for (const url of [
        `${base}/health`,
        `${base}/health/live`,
        `${base}/health/ready`,
        `${laneBase}/health/live`,
        `${laneBase}/health/ready`,
        `${laneBase}/health`,
      ]) {
        expect({ url, ...(await probe(url)) }).toEqual({ url, status: 200, body: { ok: true } });
      }
      // The health checks did not wait for the burst to end.
      expect(finished).toBeLessThan(total);
      expect((await Promise.all(searches)).every((s) => s === 200)).toBe(true);
      expect((await fetch(`${laneBase}/nothing`)).status).toBe(404);
      expect((await fetch(`${laneBase}/health/live`, { method: 'POST' })).status).toBe(405);
    } finally {
      await closeHealthServer(lane);
    }
  }, 120_000);
});

describe('the request gate', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // One request at a time, as on PGlite, where the leak below hung the whole API.
    ctx = await createTestApp({ demo: true, app: { config: { heavyConcurrency: 1 } } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("passes a queued request's turn on when its client left while it waited, so later requests still run", async () => {
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    let letGo!: () => void;
    const holding = new Promise<void>((r) => (letGo = r));
    const repo = ctx.app.categoryRepository;
    const list = repo.list.bind(repo);
    const slowOne = jest.spyOn(repo, 'list').mockImplementationOnce(async () => {
      await holding;
      return list();
    });
    try {
      // The first request holds the one slot; the second waits its turn, and its client gives up
      // (as the shell's server render does after its budget).
      const first = fetch(`${base}/category`);
      while (slowOne.mock.calls.length === 0) await pause(5);
      const leaving = new AbortController();
      const second = fetch(`${base}/category`, { signal: leaving.signal }).catch(() => 'left');
      await pause(200);
      leaving.abort();
      expect(await second).toBe('left');
      await pause(100);
      letGo();
      expect((await first).status).toBe(200);
      const later = await fetch(`${base}/category`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
      expect(later?.status).toBe(200);
    } finally {
      slowOne.mockRestore();
    }
  }, 60_000);
});
