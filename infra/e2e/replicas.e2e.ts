import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { expect, test } from './support/fixtures';

// Issue 14, acceptance 7: two API instances on one PostgreSQL behind one shell. A session made on
// one works on the other, and a Smart-ID verification started on one is polled on the other.
// This journey starts its own PostgreSQL database, its two APIs (the built artefact, as in
// production) and its own shell server in front of both, on free ports: the shared e2e platform
// (its registry is only read, for the release manifest) is not touched.

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { env: e2eEnv, repoRoot } = require('./support/e2e-env.cjs') as { env: Record<string, string>; repoRoot: string };
const apiDir = path.join(repoRoot, 'infra/api');
// node-postgres is the API's dependency, not infra's: borrowed from there for two admin statements.
interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
const pg = createRequire(path.join(apiDir, 'package.json'))('pg') as { Client: new (options: { connectionString: string }) => PgClient };

// test-all.mjs makes sure a server runs and names it; alone, the loopback server CI and dev machines have.
const ADMIN_URL = process.env.RENDIME_E2E_PG_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const COOKIE_SECRET = crypto.randomBytes(24).toString('hex');
const DELAY_MS = 1500;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitFor(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up in ${timeoutMs} ms`);
}

const children: ChildProcess[] = [];
let dbName: string;
let dataDir: string;
let shellOrigin: string;
const apis: { id: string; base: string }[] = [];

function startApi(id: string, port: number, databaseUrl: string, seed: boolean): ChildProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(apiDir, 'dist/server.js')], {
    cwd: apiDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      COOKIE_SECRET,
      API_INSTANCE_ID: id,
      PUBLIC_SITE_URL: shellOrigin,
      ALLOWED_ORIGINS: `${shellOrigin},${shellOrigin.replace('localhost', '127.0.0.1')}`,
      FILES_PUBLIC_PATH: '/api/files',
      DATA_DIR: path.join(dataDir, id),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SANDBOX_SERVICES: 'true',
      SEED_DEMO_DATA: seed ? 'true' : 'false',
      COOKIE_SECURE: 'false',
      IDENTITY_SANDBOX_DELAY_MS: String(DELAY_MS),
    },
  });
  children.push(child);
  return child;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendime-replicas-'));
  dbName = `e2e_replicas_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const target = new URL(ADMIN_URL);
  target.pathname = `/${dbName}`;
  const [shellPort, port1, port2] = [await freePort(), await freePort(), await freePort()];
  shellOrigin = `http://localhost:${shellPort}`;

  // The first replica migrates and seeds; the second starts on the database the first prepared.
  const first = startApi('api-1', port1, target.toString(), true);
  await waitFor(`http://127.0.0.1:${port1}/health`, 180_000, first);
  const second = startApi('api-2', port2, target.toString(), false);
  await waitFor(`http://127.0.0.1:${port2}/health`, 120_000, second);
  apis.push({ id: 'api-1', base: `http://127.0.0.1:${port1}` }, { id: 'api-2', base: `http://127.0.0.1:${port2}` });

  // The shell server of a deployment, in front of both replicas (RENDIME_API_UPSTREAMS's list).
  const script = `
    import { startShellServer } from ${JSON.stringify(path.join(repoRoot, 'infra/scripts/lib/servers.mjs'))};
    await startShellServer({ shellDist: process.argv[1], registryDir: process.argv[2], port: Number(process.argv[3]), host: 'localhost', apiUpstreams: process.argv[4].split(',') });
    console.log('READY');`;
  const shell = spawn(
    process.execPath,
    ['--input-type=module', '-e', script, path.join(repoRoot, 'shell/dist'), e2eEnv.RENDIME_REGISTRY_DIR, String(shellPort), apis.map((a) => a.base).join(',')],
    { cwd: path.join(repoRoot, 'infra'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(shell);
  await waitFor(`${shellOrigin}/release-manifest.json`, 30_000, shell);
});

test.afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode !== null ? undefined : new Promise((r) => c.once('exit', r)))));
  if (dbName) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Which replica answered each /api call the page made, with the status. */
function watchApi(page: Page): { id: string; url: string; status: number }[] {
  const seen: { id: string; url: string; status: number }[] = [];
  page.on('response', (res: Response) => {
    if (!res.url().startsWith(`${shellOrigin}/api/`)) return;
    const id = res.headers()['x-api-instance'];
    if (id) seen.push({ id, url: res.url(), status: res.status() });
  });
  return seen;
}

test('a session made on one API replica is signed in on the other, in the browser', async ({ page }) => {
  const seen = watchApi(page);
  await page.goto(`${shellOrigin}/public`);
  const login = await page.evaluate(async () => {
    const res = await fetch('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'rentija@rendime.ee', password: 'Rentija123' }) });
    return { status: res.status, instance: res.headers.get('x-api-instance') };
  });
  expect(login.status).toBe(200);
  expect(['api-1', 'api-2']).toContain(login.instance);
  const other = login.instance === 'api-1' ? 'api-2' : 'api-1';

  // Asked until the other replica has answered: it knows the session too.
  const answers: { instance: string | null; email: string | null }[] = [];
  for (let i = 0; i < 4; i++) {
    answers.push(
      await page.evaluate(async () => {
        const res = await fetch('/api/users/session');
        const body = (await res.json()) as { username?: string } | null;
        return { instance: res.headers.get('x-api-instance'), email: body?.username ?? null };
      }),
    );
  }
  expect(answers.filter((a) => a.instance === other).length).toBeGreaterThan(0);
  for (const a of answers) expect(a.email).toBe('rentija@rendime.ee');

  // A signed-in page: its API calls are spread over both replicas and every one is signed in.
  seen.length = 0;
  await page.goto(`${shellOrigin}/auth/user-profile`);
  await expect(page.getByTestId('profile-name')).toHaveText('Mari Maasikas');
  await page.goto(`${shellOrigin}/auth/account`);
  await expect(page).toHaveURL(`${shellOrigin}/auth/account`);
  await expect(page.getByTestId('account-balance')).toBeVisible();
  await expect.poll(() => new Set(seen.map((s) => s.id)).size).toBe(2);
  expect(seen.filter((s) => s.status === 401 || s.status === 403)).toEqual([]);
});

test('a cookie from replica 1 is a session on replica 2, and a Smart-ID start on one polls on the other', async ({ request }) => {
  const [one, two] = apis;
  const login = await request.post(`${one.base}/login`, { data: { username: 'omanik@rendime.ee', password: 'Omanik123' } });
  expect(login.status()).toBe(200);
  expect(login.headers()['x-api-instance']).toBe('api-1');
  const session = await request.get(`${two.base}/users/session`);
  expect(session.headers()['x-api-instance']).toBe('api-2');
  expect(((await session.json()) as { username: string }).username).toBe('omanik@rendime.ee');

  // Anonymous (business sign-up) verification: the token alone names it.
  await request.post(`${one.base}/users/logout`);
  const started = await request.post(`${one.base}/auth/smartid/start`, { data: { personalCode: '40504040001' } });
  expect(started.status()).toBe(200);
  const { status, token, controlCode } = (await started.json()) as { status: string; token: string; controlCode: string };
  expect({ status, controlCode }).toEqual({ status: 'waiting', controlCode: expect.stringMatching(/^\d{4}$/) });
  await expect
    .poll(
      async () => {
        const res = await request.get(`${two.base}/auth/smartid/poll?token=${encodeURIComponent(token)}`);
        expect(res.headers()['x-api-instance']).toBe('api-2');
        return ((await res.json()) as { status: string }).status;
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe('ok');
});

test('a sendBeacon report from the page reaches the admin page, and a non-admin is refused there', async ({ page, openPage }) => {
  await page.goto(`${shellOrigin}/public`);
  // What the shell does on a failed load: a text/plain beacon (no custom header can be set).
  const queued = await page.evaluate(() =>
    navigator.sendBeacon(
      '/api/platform/remote-reports',
      JSON.stringify({ remote: 'mf-booking', version: '9.9.9', outcome: 'mount', servedVersion: null, durationMs: 1234, message: '<b>boom</b>', path: '/auth/contracts', release: 'e2e' }),
    ),
  );
  expect(queued).toBe(true);

  const signInAs = async (p: Page, username: string, password: string) => {
    await p.goto(`${shellOrigin}/public`);
    const status = await p.evaluate(
      async ([u, pw]) => (await fetch('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: u, password: pw }) })).status,
      [username, password],
    );
    expect(status).toBe(200);
  };

  await signInAs(page, 'admin@rendime.ee', 'Admin1234');
  await page.goto(`${shellOrigin}/auth/admin`);
  await page.getByRole('link', { name: 'Kaugmoodulite seisund' }).click();
  await expect(page).toHaveURL(`${shellOrigin}/auth/admin/remote-health`);
  await expect(page.getByRole('heading', { name: 'Kaugmoodulite seisund' })).toBeVisible();
  const row = page.getByTestId('remote-health-reports').getByRole('row').filter({ hasText: '9.9.9' });
  await expect(row).toContainText('käivitamine ebaõnnestus');
  await expect(row).toContainText('1234 ms');
  // The browser's text stays text.
  await expect(row).toContainText('<b>boom</b>');
  await expect(page.getByTestId('remote-health-summary').getByRole('row').filter({ hasText: '9.9.9' })).toContainText('mf-booking');

  const renter = await openPage();
  await signInAs(renter, 'rentija@rendime.ee', 'Rentija123');
  await renter.goto(`${shellOrigin}/auth/admin/remote-health`);
  await expect(renter.getByTestId('remote-health-denied')).toBeVisible();
  await expect(renter.getByTestId('remote-health-reports')).toHaveCount(0);
});
