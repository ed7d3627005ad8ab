// Starts the whole platform from production builds: API (its bundled artefact, PGlite with demo
// data), each remote on its own origin, the shell with the release manifest and the /api proxy. Used by `pnpm start` and by
// the real-browser tests, so both exercise the same thing.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { repoRoot, REMOTES } from './config.mjs';
import { storeBuild, activate, readManifest } from './registry.mjs';
import { startRemoteServer, startShellServer } from './servers.mjs';
import { prerenderLive } from './prerender-live.mjs';

const API_PACKAGE = 'infra-api';
const apiDir = path.join(repoRoot, 'infra/api');
const apiArtefact = path.join(apiDir, 'dist/server.js');

/**
 * @param {{ only?: string[], sandbox?: boolean }} [opts] `sandbox: false` builds exactly what a
 * deployment ships (no sandbox sign-in); the local platform's default keeps it.
 */
export function buildAll({ only, sandbox = true } = {}) {
  const targets = only ?? ['shell', ...REMOTES, API_PACKAGE];
  const filters = targets.flatMap((t) => ['--filter', t]);
  console.log(`[platform] building ${targets.join(', ')} (production)`);
  // The local platform's builds keep the sandbox sign-in (the API it starts runs the sandboxes);
  // a deployment's `pnpm build` has RENDIME_SANDBOX unset and compiles it out.
  const env = { ...process.env, RENDIME_SANDBOX: sandbox ? '1' : '' };
  const res = spawnSync('pnpm', ['-r', '--workspace-concurrency=2', ...filters, 'run', 'build'], { cwd: repoRoot, stdio: 'inherit', env });
  if (res.status !== 0) throw new Error('build failed');
}

/**
 * Stores the current dist of every remote and makes a new build live. An unchanged build has the
 * same content version (ADR 0019): it is reused, and whatever is live stays live (a rollback
 * survives a restart) unless the remote has no entry yet or its entry points at another origin.
 * @param {ReturnType<typeof import('./config.mjs').platformConfig>} cfg
 */
export function publishAll(cfg) {
  const live = readManifest(cfg.registryDir);
  for (const name of REMOTES) {
    const dist = path.join(repoRoot, name, 'dist');
    if (!fs.existsSync(path.join(dist, 'remote-descriptor.json'))) throw new Error(`${name} has no build in ${dist}`);
    const d = storeBuild(cfg.registryDir, dist, { ifStored: 'reuse' });
    const current = live.remotes.find((r) => r.name === name);
    if (d.stored || !current || !current.entry.startsWith(cfg.remoteOrigin(name))) {
      activate(cfg.registryDir, name, d.version, cfg.remoteOrigin(name), { action: 'publish', reason: 'local build (pnpm start)' });
    }
  }
}

/** @param {string} url @param {number} timeoutMs */
async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = new Error(`HTTP ${res.status}`);
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up: ${last}`);
}

/**
 * @param {ReturnType<typeof import('./config.mjs').platformConfig>} cfg
 * @param {{ dataDir?: string, quiet?: boolean }} [opts]
 */
export function startApi(cfg, { dataDir, quiet } = {}) {
  if (!fs.existsSync(apiArtefact)) throw new Error(`${apiArtefact} is missing: build it with \`pnpm --filter ${API_PACKAGE} run build\``);
  const env = {
    ...process.env,
    PORT: String(cfg.apiPort),
    PUBLIC_SITE_URL: cfg.shellOrigin,
    ALLOWED_ORIGINS: [cfg.shellOrigin, cfg.shellOrigin.replace('localhost', '127.0.0.1')].join(','),
    FILES_PUBLIC_PATH: '/api/files',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    // The local platform opts into what production refuses: the sandboxes (identity, Google,
    // company register, the readable mail outbox), the demo data and a plain-http cookie.
    NODE_ENV: 'development',
    SANDBOX_SERVICES: 'true',
    SEED_DEMO_DATA: 'true',
    COOKIE_SECURE: 'false',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  };
  // The production artefact with plain node, as it runs in production; `pnpm --filter infra-api dev` is the tsx path.
  const child = spawn(process.execPath, ['--enable-source-maps', apiArtefact], {
    cwd: apiDir,
    env,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  return child;
}

/**
 * @param {ReturnType<typeof import('./config.mjs').platformConfig>} cfg
 * @param {{ dataDir?: string, quiet?: boolean }} [opts]
 */
export async function startPlatform(cfg, { dataDir, quiet = false } = {}) {
  const api = startApi(cfg, { dataDir, quiet });
  const apiExit = new Promise((_, reject) => api.once('exit', (code) => reject(new Error(`API exited with ${code}`))));
  await Promise.race([waitFor(`http://127.0.0.1:${cfg.apiPort}/health`, 120_000), apiExit]);

  const remoteServers = new Map();
  const startRemote = async (/** @type {string} */ name) => {
    if (remoteServers.has(name)) return;
    remoteServers.set(name, await startRemoteServer({ name, registryDir: cfg.registryDir, port: cfg.remotePorts[name], host: cfg.host }));
  };
  const stopRemote = async (/** @type {string} */ name) => {
    const s = remoteServers.get(name);
    remoteServers.delete(name);
    if (s) await s.close();
  };
  for (const name of REMOTES) await startRemote(name);

  // Test control, for the journeys with a remote that is down; only when asked for.
  const control =
    process.env.RENDIME_CONTROL === '1'
      ? (/** @type {import('fastify').FastifyInstance} */ app) => {
          app.post('/__platform/remotes/:name/:action', async (req, reply) => {
            const { name, action } = /** @type {{ name: string, action: string }} */ (req.params);
            if (!REMOTES.includes(name) || !['stop', 'start'].includes(action)) return reply.code(404).send({ ok: false });
            if (action === 'stop') await stopRemote(name);
            else await startRemote(name);
            return { ok: true, name, action };
          });
        }
      : undefined;

  // The front page's snapshot for this shell build and release (ADR 0024); stored ones are reused.
  // RENDIME_PRERENDER=0 serves pages without one.
  if (process.env.RENDIME_PRERENDER !== '0') {
    await prerenderLive({
      registryDir: cfg.registryDir,
      shellDist: path.join(repoRoot, 'shell/dist'),
      log: quiet ? undefined : (line) => console.log(line),
    });
  }
  const shell = await startShellServer({
    shellDist: path.join(repoRoot, 'shell/dist'),
    registryDir: cfg.registryDir,
    port: cfg.shellPort,
    apiPort: cfg.apiPort,
    host: cfg.host,
    control,
    runtimeConfig: cfg.runtime,
  });

  const stop = async () => {
    await shell.close();
    for (const name of [...remoteServers.keys()]) await stopRemote(name);
    api.kill('SIGTERM');
  };
  return { stop, startRemote, stopRemote, api };
}
