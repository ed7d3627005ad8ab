// The sandbox API the publish gate's smoke mount signs in to (issue 27, ADR 0039): the platform's
// own API artefact with its sandboxes and demo data, on an embedded database in a temporary folder,
// reachable only on 127.0.0.1. Nothing it does reaches a real bank, mail box or identity provider,
// and nothing of production's data is in it. `RENDIME_SMOKE_API_URL` names one that already runs
// (a team's staging, the local platform's API); otherwise the gate starts its own, once per process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { repoRoot } from './config.mjs';

const apiDir = path.join(repoRoot, 'infra/api');
const apiArtefact = path.join(apiDir, 'dist/server.js');

/** A port the OS says is free now (bound and released). */
async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/** The test user: RENDIME_SMOKE_USER / RENDIME_SMOKE_PASSWORD, else the API's demo renter (its seed, so it cannot drift). */
export async function smokeUser(env = process.env) {
  if (env.RENDIME_SMOKE_USER && env.RENDIME_SMOKE_PASSWORD)
    return { username: env.RENDIME_SMOKE_USER, password: env.RENDIME_SMOKE_PASSWORD };
  const { demoUsers } = await tsImport('infra-api/demo-users', import.meta.url);
  const renter = demoUsers.find((/** @type {{ key: string }} */ u) => u.key === 'renter');
  return { username: renter.email, password: renter.password };
}

/**
 * Starts the API artefact with its sandboxes and demo data on a free port.
 * @param {{ timeoutMs?: number }} [o]
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startSandboxApi({ timeoutMs = 180_000 } = {}) {
  if (!fs.existsSync(apiArtefact))
    throw new Error(
      `no sandbox API for the signed-in smoke mount: set RENDIME_SMOKE_API_URL, or build ${apiArtefact} (pnpm --filter infra-api run build)`,
    );
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendime-smoke-api-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [apiArtefact], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_SITE_URL: url,
      ALLOWED_ORIGINS: url,
      FILES_PUBLIC_PATH: '/api/files',
      LOG_LEVEL: 'error',
      // The sandboxes and demo data production refuses: this API is the gate's test double.
      NODE_ENV: 'development',
      SANDBOX_SERVICES: 'true',
      SEED_DEMO_DATA: 'true',
      COOKIE_SECURE: 'false',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = `${stderr}${d}`.slice(-2000);
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) break;
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the sandbox API did not come up on ${url}${stderr ? `: ${stderr.trim().split('\n').slice(-3).join(' | ')}` : ''}`);
}

/**
 * The signed-in smoke mount's settings for a process: RENDIME_SMOKE_API_URL, or a sandbox API of
 * its own started on first use and kept (the service publishes many times; a start takes seconds).
 */
export function sandboxSignIn(env = process.env) {
  /** @type {Promise<{ url: string, stop: () => Promise<void> }> | null} */
  let started = null;
  return {
    /** @returns {Promise<{ apiUrl: string, username: string, password: string }>} */
    async settings() {
      const user = await smokeUser(env);
      const given = env.RENDIME_SMOKE_API_URL?.trim();
      if (given) return { apiUrl: given.replace(/\/$/, ''), ...user };
      started ??= startSandboxApi().catch((e) => {
        started = null;
        throw e;
      });
      return { apiUrl: (await started).url, ...user };
    },
    async stop() {
      if (started) await (await started.catch(() => null))?.stop();
      started = null;
    },
  };
}
