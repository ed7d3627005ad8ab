import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_URL, adminQuery, freePort, waitFor } from './own-platform';

// The production topology of ADR 0035 as processes of a journey's own: the registry service on a
// PostgreSQL database of its own, the static store served as the CDN, and shell replicas that read
// the manifest from the store. Only the shared builds (shell/dist, <slice>/dist) are read.

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { repoRoot, env: e2eEnv } = require('./e2e-env.cjs') as { repoRoot: string; env: Record<string, string> };

export interface Topology {
  registry: string;
  cdn: string;
  shells: string[];
  adminToken: string;
  dbName: string;
  tmp: string;
  /** Starts the shell replicas (once a release is live: a shell without one answers 503). */
  startShells(): Promise<void>;
  /** Kills shell replica `i` and starts it again on the same port and cache folder. */
  restartShell(i: number): Promise<void>;
  /** The release CLI against the registry service. */
  cli(...args: string[]): { status: number | null; out: string };
  stop(): Promise<void>;
}

export async function startTopology({ replicas = 2, pollMs = 500 } = {}): Promise<Topology> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rendime-topology-'));
  const dbName = `e2e_registry_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const adminToken = crypto.randomBytes(24).toString('hex');
  const staticDir = path.join(tmp, 'static');
  const [registryPort, cdnPort] = [await freePort(), await freePort()];
  const registry = `http://127.0.0.1:${registryPort}`;
  const cdn = `http://127.0.0.1:${cdnPort}`;
  const children = new Set<ChildProcess>();
  const base = {
    ...process.env,
    HOST: '127.0.0.1',
    RENDIME_REGISTRY_DATABASE_URL: dbUrl.toString(),
    RENDIME_STATIC_DIR: staticDir,
    RENDIME_CDN_BASE: cdn,
    RENDIME_REGISTRY_ADMIN_TOKEN: adminToken,
    RENDIME_MANIFEST_POLL_MS: String(pollMs),
    // Shared by the shell replicas, so a release session is one on either (ADR 0040).
    RENDIME_RELEASE_SESSION_SECRET: 'production-topology-release-sessions',
    // Nothing listens there: this journey is about releases, not the API.
    RENDIME_API_UPSTREAMS: 'http://127.0.0.1:9',
    // The registry's smoke mount signs in to the journey platform's API (its sandboxes and demo
    // users), instead of starting a sandbox API of its own (ADR 0039).
    RENDIME_SMOKE_API_URL: `http://127.0.0.1:${e2eEnv.RENDIME_API_PORT}`,
  };
  const start = (role: string, env: Record<string, string>) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'infra/scripts/production.mjs'), role], {
      cwd: repoRoot,
      env: { ...base, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };
  const shellPorts: number[] = [];
  const shellChildren: ChildProcess[] = [];
  const startShell = async (i: number) => {
    const child = start('shell', { PORT: String(shellPorts[i]), RENDIME_MANIFEST_CACHE_DIR: path.join(tmp, `shell-${i}`) });
    shellChildren[i] = child;
    await waitFor(`http://localhost:${shellPorts[i]}/release-manifest.json`, 30_000, child);
  };
  const stop = async () => {
    for (const c of children) c.kill('SIGKILL');
    await Promise.all([...children].map((c) => new Promise((r) => c.once('exit', r))));
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    const reg = start('registry', { PORT: String(registryPort) });
    await waitFor(`${registry}/health`, 30_000, reg);
    const c = start('cdn', { PORT: String(cdnPort) });
    fs.mkdirSync(path.join(staticDir, 'ping'), { recursive: true });
    fs.writeFileSync(path.join(staticDir, 'ping/ok.txt'), 'ok');
    await waitFor(`${cdn}/ping/ok.txt`, 30_000, c);
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    registry,
    cdn,
    get shells() {
      return shellPorts.map((p) => `http://localhost:${p}`);
    },
    async startShells() {
      for (let i = 0; i < replicas; i++) {
        shellPorts.push(await freePort());
        await startShell(i);
      }
    },
    adminToken,
    dbName,
    tmp,
    async restartShell(i) {
      const child = shellChildren[i];
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      await startShell(i);
    },
    cli(...args) {
      const r = spawnSync(process.execPath, ['infra/scripts/registry.mjs', ...args, '--registry', registry], {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 240_000,
      });
      return { status: r.status, out: `${r.stdout}${r.stderr}` };
    },
    stop,
  };
}
