import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';

// A platform of a journey's own: a PostgreSQL database, API replicas started from the built
// artefact (as in production), a shell server in front of them and remote servers of its own for a
// snapshot of the shared platform's live release, on free ports. The shared e2e platform is not
// touched and cannot touch it: its stored builds are only read. Used by the journeys that stop or
// break servers (replicas, faults) or that run beside the shared platform's journeys (ADR 0037).

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { env: e2eEnv, repoRoot } = require('./e2e-env.cjs') as { env: Record<string, string>; repoRoot: string };
export const apiDir = path.join(repoRoot, 'infra/api');

// node-postgres is the API's dependency, not infra's: borrowed from there for admin statements.
interface PgClient {
  connect(): Promise<void>;
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  end(): Promise<void>;
}
const pg = createRequire(path.join(apiDir, 'package.json'))('pg') as { Client: new (options: { connectionString: string }) => PgClient };

// test-all.mjs makes sure a server runs and names it; alone, the loopback server CI and dev machines have.
export const ADMIN_URL = process.env.RENDIME_E2E_PG_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One statement as the PostgreSQL superuser, on `database` (default: the admin URL's). */
export async function adminQuery<R = Record<string, unknown>>(sql: string, params: unknown[] = [], database?: string): Promise<R[]> {
  const url = new URL(ADMIN_URL);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export async function waitFor(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
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

interface RemoteServer {
  close(): Promise<unknown>;
}

/**
 * The shared platform's live release as of now, served by remote servers of this platform's own:
 * a registry folder whose stored builds are the shared registry's (linked, never copied or
 * written) and whose manifest points at the own servers. Journeys on the shared platform may stop
 * a remote's server or switch its live version meanwhile (they run in the other lane, ADR 0037);
 * this platform sees neither.
 */
async function snapshotRegistry(dataDir: string): Promise<{ registryDir: string; servers: RemoteServer[] }> {
  const shared = e2eEnv.RENDIME_REGISTRY_DIR;
  const registryDir = path.join(dataDir, 'registry');
  fs.mkdirSync(registryDir, { recursive: true });
  const servers: RemoteServer[] = [];
  const { startRemoteServer } = (await import(pathToFileURL(path.join(repoRoot, 'infra/scripts/lib/servers.mjs')).href)) as {
    startRemoteServer(o: { name: string; registryDir: string; port: number; host: string }): Promise<RemoteServer>;
  };
  const manifest = JSON.parse(fs.readFileSync(path.join(shared, 'release-manifest.json'), 'utf8')) as {
    remotes: { name: string; version: string; entry: string }[];
  };
  for (const entry of fs.readdirSync(shared, { withFileTypes: true })) {
    if (entry.isDirectory()) fs.symlinkSync(path.join(shared, entry.name), path.join(registryDir, entry.name), 'dir');
  }
  for (const remote of manifest.remotes) {
    const port = await freePort();
    servers.push(await startRemoteServer({ name: remote.name, registryDir, port, host: 'localhost' }));
    const entry = new URL(remote.entry);
    remote.entry = `http://localhost:${port}${entry.pathname}`;
  }
  fs.writeFileSync(path.join(registryDir, 'release-manifest.json'), JSON.stringify(manifest));
  return { registryDir, servers };
}

export interface OwnApi {
  id: string;
  base: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

export interface OwnPlatform {
  shellOrigin: string;
  dbName: string;
  apis: OwnApi[];
  stop(): Promise<void>;
}

/**
 * A new database (owned by `role` when given, so a journey can cut that role off as if the
 * server went away), `replicas` API processes on it (the first migrates and seeds) and a shell
 * server in front of all of them.
 */
export async function startOwnPlatform({
  prefix,
  replicas = 2,
  role,
  apiEnv = {},
  shellEnv = {},
}: {
  prefix: string;
  replicas?: number;
  role?: string;
  apiEnv?: Record<string, string>;
  /** Settings of the shell server process (its environment on top of this one's). */
  shellEnv?: Record<string, string>;
}): Promise<OwnPlatform> {
  const children: ChildProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rendime-${prefix}-`));
  const dbName = `e2e_${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  if (role) {
    await adminQuery(`CREATE ROLE ${role} LOGIN`);
    await adminQuery(`CREATE DATABASE ${dbName} OWNER ${role}`);
    // Extensions need the superuser; the API's migrations then find them there.
    for (const ext of ['cube', 'earthdistance', 'pg_trgm', 'btree_gist'])
      await adminQuery(`CREATE EXTENSION IF NOT EXISTS ${ext}`, [], dbName);
  } else {
    await adminQuery(`CREATE DATABASE ${dbName}`);
  }
  const target = new URL(ADMIN_URL);
  target.pathname = `/${dbName}`;
  if (role) target.username = role;
  const shellPort = await freePort();
  const shellOrigin = `http://localhost:${shellPort}`;
  const cookieSecret = crypto.randomBytes(24).toString('hex');
  const apis: OwnApi[] = [];

  const remotes = await snapshotRegistry(dataDir);
  const stop = async () => {
    await Promise.all(remotes.servers.map((server) => server.close()));
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(
      children.map((c) => (c.exitCode !== null || c.signalCode !== null ? undefined : new Promise((r) => c.once('exit', r)))),
    );
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    if (role) await adminQuery(`DROP ROLE IF EXISTS ${role}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    for (let i = 1; i <= replicas; i++) {
      const id = `api-${i}`;
      const port = await freePort();
      const child = spawn(process.execPath, ['--enable-source-maps', path.join(apiDir, 'dist/server.js')], {
        cwd: apiDir,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: target.toString(),
          COOKIE_SECRET: cookieSecret,
          API_INSTANCE_ID: id,
          PUBLIC_SITE_URL: shellOrigin,
          ALLOWED_ORIGINS: `${shellOrigin},${shellOrigin.replace('localhost', '127.0.0.1')}`,
          FILES_PUBLIC_PATH: '/api/files',
          DATA_DIR: path.join(dataDir, id),
          LOG_LEVEL: 'warn',
          NODE_ENV: 'development',
          SANDBOX_SERVICES: 'true',
          SEED_DEMO_DATA: i === 1 ? 'true' : 'false',
          COOKIE_SECURE: 'false',
          ...apiEnv,
        },
      });
      children.push(child);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await waitFor(`http://127.0.0.1:${port}/health`, i === 1 ? 180_000 : 120_000, child);
      apis.push({ id, base: `http://127.0.0.1:${port}`, child, exited });
    }

    // The shared platform's runtime settings, the slices' timeout on a busy machine among them.
    const script = `
      import { startShellServer } from ${JSON.stringify(path.join(repoRoot, 'infra/scripts/lib/servers.mjs'))};
      import { runtimeConfig } from ${JSON.stringify(path.join(repoRoot, 'infra/scripts/lib/runtime-config.mjs'))};
      await startShellServer({ shellDist: process.argv[1], registryDir: process.argv[2], port: Number(process.argv[3]), host: 'localhost', apiUpstreams: process.argv[4].split(','), runtimeConfig: runtimeConfig(process.env) });
      console.log('READY');`;
    const shell = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        script,
        path.join(repoRoot, 'shell/dist'),
        remotes.registryDir,
        String(shellPort),
        apis.map((a) => a.base).join(','),
      ],
      {
        cwd: path.join(repoRoot, 'infra'),
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, RENDIME_REMOTE_TIMEOUT_MS: e2eEnv.RENDIME_REMOTE_TIMEOUT_MS, ...shellEnv },
      },
    );
    children.push(shell);
    await waitFor(`${shellOrigin}/release-manifest.json`, 30_000, shell);
  } catch (error) {
    await stop();
    throw error;
  }
  return { shellOrigin, dbName, apis, stop };
}

/** Signs the page in through the API (the sign-in page is another journey's subject). */
export async function signInThroughApi(page: Page, shellOrigin: string, username: string, password: string): Promise<void> {
  await page.goto(`${shellOrigin}/public`);
  const status = await page.evaluate(
    async ([u, pw]) =>
      (
        await fetch('/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: u, password: pw }),
        })
      ).status,
    [username, password],
  );
  if (status !== 200) throw new Error(`sign-in as ${username} answered ${status}`);
}
