import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';

// Issue 15, acceptance 2: NUL bytes, `Expect: 100-continue` and 2 MB bodies sent to every API
// route through the shell's /api proxy get no 5xx; the API's 413 reaches the client. The real
// API and the real shell server run in a child process (support/proxied-api.mts).

const repoRoot = path.resolve(__dirname, '../..');
let child: ChildProcess;
let base: string;
let port: number;
let routes: { method: string; url: string }[];

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'support/proxied-api.mts')], {
    cwd: path.join(repoRoot, 'infra/api'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\d+) (.*)\n/.exec(out);
      if (match) {
        port = Number(match[1]);
        routes = JSON.parse(match[2]) as typeof routes;
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`proxied API exited with ${code}`)));
  });
  base = `http://127.0.0.1:${port}`;
}, 180_000);
afterAll(() => {
  child.kill('SIGTERM');
});

/** A raw request (fetch cannot send Expect), answered status and body. */
function raw(
  method: string,
  url: string,
  headers: Record<string, string | number>,
  body?: Buffer,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let answer: { status: number; body: string } | null = null;
    // A fresh connection each time: Node 20's global agent keeps sockets alive, and one the proxy
    // closed after an earlier 413 would fail this request before it is sent.
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (res) => {
      const got = { status: res.statusCode ?? 0, body: '' };
      answer = got;
      res.setEncoding('utf8');
      res.on('data', (c: string) => (got.body += c));
      res.on('end', () => resolve(got));
      res.on('error', () => resolve(got));
    });
    // The proxy may answer 413 and close before the whole body is sent (or, with Expect, before it
    // is sent at all): the answer, when it arrived, is what counts.
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (answer) resolve(answer);
      else if (e.code === 'EPIPE' || e.code === 'ECONNRESET') resolve({ status: -1, body: '' });
      else reject(e);
    });
    if (headers.expect) {
      req.on('continue', () => req.end(body));
      req.flushHeaders();
    } else req.end(body);
  });
}

const concrete = (url: string) =>
  url
    .replace(/:(id|userId|productId|reservationId|contractId|threadId)\b/g, '1')
    .replace(/:method\b/, 'smartid')
    .replace(/:[A-Za-z]+/g, 'x%00y')
    .replace(/\*$/, 'x');

it('answers no route with 5xx for NUL, Expect: 100-continue or a 2 MB body', async () => {
  const big = Buffer.alloc(2 * 1024 * 1024, 'a');
  const nulJson = Buffer.from(
    JSON.stringify({
      username: 'a\u0000b',
      password: 'x\u0000',
      comment: '\u0000',
      content: '\u0000',
      email: 'a\u0000@b.ee',
      name: '\u0000',
    }),
  );
  const failures: string[] = [];
  for (const route of routes) {
    if (route.url.startsWith('/live/')) continue; // a stream, answered in live-stream tests
    const url = `/api${concrete(route.url)}`;
    const withBody = route.method !== 'GET' && route.method !== 'DELETE';
    type Try = [string, Record<string, string | number>, Buffer | undefined, string];
    const json = (body: Buffer, extra: Record<string, string> = {}) => ({
      'content-type': 'application/json',
      'content-length': body.length,
      ...extra,
    });
    const tries: Try[] = [['NUL query', {}, undefined, `${url}${url.includes('?') ? '&' : '?'}name=a%00b&token=%00`]];
    if (withBody) {
      tries.push(
        ['NUL body', json(nulJson), nulJson, url],
        ['Expect', json(nulJson, { expect: '100-continue' }), nulJson, url],
        ['2 MB', json(big), big, url],
        ['2 MB + Expect', json(big, { expect: '100-continue' }), big, url],
      );
    }
    for (const [label, headers, body, target] of tries) {
      const res = await raw(route.method, target, headers, body);
      if (res.status >= 500) failures.push(`${route.method} ${route.url} (${label}): ${res.status} ${res.body.slice(0, 120)}`);
      if (label.startsWith('2 MB') && res.status !== 413 && res.status !== -1 && res.status !== 404)
        failures.push(`${route.method} ${route.url} (${label}): ${res.status}, not 413`);
    }
  }
  expect(failures).toEqual([]);
  expect(routes.length).toBeGreaterThan(50);
}, 300_000);

it('passes the API 413 through in its error shape, also with Expect: 100-continue', async () => {
  const big = Buffer.alloc(2 * 1024 * 1024, 'a');
  for (const expectHeader of [{}, { expect: '100-continue' }] as Record<string, string>[]) {
    const res = await raw('POST', '/api/login', { 'content-type': 'application/json', 'content-length': big.length, ...expectHeader }, big);
    expect({ expect: expectHeader.expect ?? null, status: res.status }).toEqual({ expect: expectHeader.expect ?? null, status: 413 });
    expect(JSON.parse(res.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Päringu sisu on liiga suur.' });
  }
});

it('forwards a small Expect: 100-continue request to the API', async () => {
  const body = Buffer.from(JSON.stringify({ username: 'rentija@rendime.ee', password: 'Rentija123' }));
  const res = await raw(
    'POST',
    '/api/login',
    { 'content-type': 'application/json', 'content-length': body.length, expect: '100-continue' },
    body,
  );
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body)).toMatchObject({ username: 'rentija@rendime.ee' });
});

it('answers HEAD / and keeps source maps private', async () => {
  const head = await fetch(`${base}/`, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-type')).toMatch(/text\/html/);
  expect((await fetch(`${base}/main.js.map`)).status).toBe(404);
});

it('puts security headers on pages, on its own JSON and on the proxied API answers', async () => {
  const page = await fetch(`${base}/public/login`);
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/script-src 'self'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(page.headers.get('x-frame-options')).toBe('DENY');

  const session = await fetch(`${base}/api/users/session`);
  expect(session.headers.get('cache-control')).toBe('no-store');
  expect(session.headers.get('x-content-type-options')).toBe('nosniff');
  expect(session.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
});
