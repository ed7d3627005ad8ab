import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startShellServerProcess, type ShellServerProcess } from './support/shell-server-process';

// The page host's side of health-aware releases (ADR 0040): a release session cookie, the manifest
// and page resolved per session (a canary to its share, each session on one side), and the load
// reports counted on their way to the API: validated, limited per address, once per session.

const CDN = 'https://cdn.example.test';
const live = (version: string) => ({
  name: 'mf-public',
  scope: 'mf_public',
  version,
  entry: `${CDN}/mf-public/${version}/mf-manifest.json`,
  routes: ['/public'],
  nav: [],
  widgets: {},
  embeds: {},
  events: {},
  devPort: 3001,
  shared: {},
  fallbacks: [] as { version: string; entry: string }[],
});
const CANARY_ORIGIN = 'https://canary-cdn.example.test';
const manifest = {
  release: '4',
  createdAt: '2026-11-27T00:00:00Z',
  remotes: [
    {
      ...live('1.0.0+good'),
      canaryRelease: {
        version: '1.1.0+new',
        percent: 50,
        since: '2026-11-27T00:00:00Z',
        entry: { ...live('1.1.0+new'), entry: `${CANARY_ORIGIN}/mf-public/1.1.0+new/mf-manifest.json` },
      },
    },
  ],
};
const failure = (version = '1.1.0+new') => ({
  remote: 'mf-public',
  version,
  outcome: 'mount',
  servedVersion: '1.0.0+good',
  durationMs: 12,
  message: 'boom',
  path: '/public',
  release: '4',
});

let root: string;
let registry: string;
let api: http.Server;
let received: { body: string; headers: http.IncomingHttpHeaders }[];
/** What the fake API answers a report: 204, or a refusal as the real one's CSRF check gives. */
let apiStatus: number;
const opened: ShellServerProcess[] = [];

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'release-sessions-'));
  const dist = path.join(root, 'dist');
  registry = path.join(root, 'registry');
  fs.mkdirSync(dist);
  fs.mkdirSync(registry);
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Rendime</title></head><body></body></html>');
  fs.writeFileSync(path.join(registry, 'release-manifest.json'), JSON.stringify(manifest));
  received = [];
  apiStatus = 204;
  api = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/platform/remote-reports') received.push({ body, headers: req.headers });
      if (apiStatus === 204) res.writeHead(204).end();
      else
        res
          .writeHead(apiStatus, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 'CSRF', message: 'Cross-site request refused' }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
});
afterEach(async () => {
  while (opened.length) opened.pop()!.stop();
  await new Promise((resolve) => api.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

async function shell(settings: Record<string, number> = {}): Promise<string> {
  const server = await startShellServerProcess(
    path.join(root, 'dist'),
    registry,
    {},
    { apiPort: (api.address() as AddressInfo).port, health: { secret: 'test-secret', settings } },
  );
  opened.push(server);
  return server.base;
}

/** A new visitor: the cookie its first page set, and the mf-public version its manifest names. */
async function visitor(base: string): Promise<{ cookie: string; version: string }> {
  const page = await fetch(`${base}/public`);
  const setCookie = page.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0];
  const served = (await (await fetch(`${base}/release-manifest.json`, { headers: { cookie } })).json()) as typeof manifest;
  return { cookie, version: served.remotes[0].version };
}
async function visitors(base: string, version: string, count: number) {
  const out: { cookie: string; version: string }[] = [];
  while (out.length < count) {
    const v = await visitor(base);
    if (v.version === version) out.push(v);
  }
  return out;
}
const postReport = (base: string, body: unknown, cookie?: string) =>
  fetch(`${base}/api/platform/remote-reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'rendime', ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const stored = () => JSON.parse(fs.readFileSync(path.join(registry, 'release-manifest.json'), 'utf8')) as typeof manifest;

it('a page sets the release session cookie; each session stays on its side of the canary, which goes to about half', async () => {
  const base = await shell();
  const page = await fetch(`${base}/public`);
  expect(page.headers.get('set-cookie')).toMatch(
    /^rendime_rs=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
  );
  expect(page.headers.get('content-security-policy')).toContain(CANARY_ORIGIN);
  const seen: string[] = [];
  for (let i = 0; i < 30; i++) {
    const v = await visitor(base);
    seen.push(v.version);
    // The same session asks again: the same set, and no new cookie.
    const again = await fetch(`${base}/release-manifest.json`, { headers: { cookie: v.cookie } });
    expect(again.headers.get('set-cookie')).toBeNull();
    const body = (await again.json()) as { remotes: Record<string, unknown>[] };
    expect(body.remotes[0].version).toBe(v.version);
    expect(body.remotes[0]).not.toHaveProperty('canaryRelease');
    if (v.version === '1.1.0+new')
      expect(body.remotes[0]).toEqual(
        expect.objectContaining({
          canary: true,
          fallbacks: [{ version: '1.0.0+good', entry: `${CDN}/mf-public/1.0.0+good/mf-manifest.json` }],
        }),
      );
  }
  expect(seen).toContain('1.1.0+new');
  expect(seen).toContain('1.0.0+good');
  // A forged cookie is no session: it gets a fresh one.
  const forged = await fetch(`${base}/public`, { headers: { cookie: `rendime_rs=${'a'.repeat(22)}.${'b'.repeat(22)}` } });
  expect(forged.headers.get('set-cookie')).toMatch(/^rendime_rs=/);
});

it('reports: bad input is a 400 that says why (not forwarded); a good one is forwarded as it came, and counted once per session', async () => {
  const base = await shell();
  const [canary] = await visitors(base, '1.1.0+new', 1);
  for (const [body, why] of [
    ['{"remote":', 'not valid JSON'],
    [{ ...failure(), remote: '../etc' }, 'remote:'],
    [{ ...failure(), outcome: 'exploded' }, 'outcome:'],
    [{ ...failure(), durationMs: -1 }, 'durationMs:'],
    [{ ...failure(), path: 'no-slash' }, 'path:'],
    [[1, 2], 'body:'],
  ] as [unknown, string][]) {
    const res = await postReport(base, body, canary.cookie);
    expect({ body, status: res.status }).toEqual({ body, status: 400 });
    expect(((await res.json()) as { message: string }).message).toContain(why);
  }
  expect(received).toHaveLength(0);

  const res = await postReport(base, failure(), canary.cookie);
  expect(res.status).toBe(204);
  expect(received).toHaveLength(1);
  expect(JSON.parse(received[0].body)).toEqual(failure());
  expect(received[0].headers).toEqual(
    expect.objectContaining({ cookie: canary.cookie, 'x-requested-with': 'rendime', 'x-forwarded-for': '127.0.0.1' }),
  );
  await postReport(base, failure(), canary.cookie);
  // Without a session the report still reaches the API, but counts for nothing.
  await postReport(base, failure());
  expect(received).toHaveLength(3);
  const health = JSON.parse(fs.readFileSync(path.join(registry, 'release-health.json'), 'utf8')) as Record<
    string,
    Record<string, { failed: string[] }>
  >;
  expect(health['mf-public']['1.1.0+new'].failed).toHaveLength(1);
});

it("reports are limited per address: past the minute's share a 429, not forwarded", async () => {
  const base = await shell({ reportsPerMinute: 3 });
  const statuses = [];
  for (let i = 0; i < 5; i++) statuses.push((await postReport(base, failure('1.0.0+good'))).status);
  expect(statuses).toEqual([204, 204, 204, 429, 429]);
  expect(received).toHaveLength(3);
});

it('one address speaks for at most a few sessions: cookies minted on one machine cannot roll a canary back', async () => {
  const base = await shell({ sessionsPerClient: 3 });
  for (const v of await visitors(base, '1.1.0+new', 6)) await postReport(base, failure(), v.cookie);
  expect(stored().remotes[0].canaryRelease?.version).toBe('1.1.0+new');
});

it('failure reports from 5 canary sessions roll the canary back ("health" in the log); every new session gets the live version', async () => {
  const base = await shell({ sessionsPerClient: 100 });
  for (const v of await visitors(base, '1.1.0+new', 5)) expect((await postReport(base, failure(), v.cookie)).status).toBe(204);
  expect(stored().remotes[0].canaryRelease).toBeUndefined();
  expect(stored().remotes[0].version).toBe('1.0.0+good');
  const log = fs
    .readFileSync(path.join(registry, 'release-log.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(log.at(-1)).toEqual(expect.objectContaining({ action: 'canary-rollback', who: 'health', version: '1.1.0+new' }));
  for (let i = 0; i < 6; i++) expect((await visitor(base)).version).toBe('1.0.0+good');
});

it('without a canary no cookie is set; a mount failing for 5 browsers of the live side marks that version unhealthy', async () => {
  fs.writeFileSync(
    path.join(registry, 'release-manifest.json'),
    JSON.stringify({
      ...manifest,
      remotes: [{ ...live('1.0.0+good'), fallbacks: [{ version: '0.9.0+old', entry: `${CDN}/mf-public/0.9.0+old/mf-manifest.json` }] }],
    }),
  );
  const base = await shell({ sessionsPerClient: 100 });
  const page = await fetch(`${base}/public`);
  expect(page.headers.get('set-cookie')).toBeNull();
  const broken = { ...failure('0.9.0+old'), servedVersion: null };
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${base}/api/platform/remote-reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': `browser-${i}` },
      body: JSON.stringify(broken),
    });
    expect(res.status).toBe(204);
  }
  expect(stored().remotes[0].fallbacks).toEqual([]);
  const health = JSON.parse(fs.readFileSync(path.join(registry, 'release-health.json'), 'utf8')) as Record<
    string,
    Record<string, { status?: string }>
  >;
  expect(health['mf-public']['0.9.0+old'].status).toBe('unhealthy');
});

it("a report from another site is forwarded (the API refuses it) but not counted; a beacon's text/plain body from this site is", async () => {
  const base = await shell({ sessionsPerClient: 100 });
  const [a, b] = await visitors(base, '1.1.0+new', 2);
  apiStatus = 403;
  const foreign = await fetch(`${base}/api/platform/remote-reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie: a.cookie },
    body: JSON.stringify(failure()),
  });
  expect(foreign.status).toBe(403);
  expect(((await foreign.json()) as { code: string }).code).toBe('CSRF');
  const noOrigin = await fetch(`${base}/api/platform/remote-reports`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', cookie: a.cookie },
    body: JSON.stringify(failure()),
  });
  expect(noOrigin.status).toBe(403);
  expect(fs.existsSync(path.join(registry, 'release-health.json'))).toBe(false);

  apiStatus = 204;
  const beacon = await fetch(`${base}/api/platform/remote-reports`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: base, cookie: b.cookie },
    body: JSON.stringify(failure()),
  });
  expect(beacon.status).toBe(204);
  expect(received.at(-1)).toEqual(
    expect.objectContaining({
      body: JSON.stringify(failure()),
      headers: expect.objectContaining({ 'content-type': 'text/plain;charset=UTF-8', origin: base }),
    }),
  );
  const health = JSON.parse(fs.readFileSync(path.join(registry, 'release-health.json'), 'utf8')) as Record<
    string,
    Record<string, { failed: string[] }>
  >;
  expect(health['mf-public']['1.1.0+new'].failed).toHaveLength(1);
  const malformed = await fetch(`${base}/api/platform/remote-reports`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: '{"remote":',
  });
  expect(malformed.status).toBe(400);
  expect(((await malformed.json()) as { message: string }).message).toBe('Malformed JSON body');
});
