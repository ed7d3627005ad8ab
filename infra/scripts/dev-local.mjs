#!/usr/bin/env node
// `pnpm dev:local`: the whole platform from dev servers, with hot module replacement and React
// Fast Refresh inside the integrated shell (ADR 0021). It starts
//   - the API (its built artefact, PGlite with demo data, sandboxes) on 5100, data in infra/.dev-local,
//   - every remote's webpack dev server on its remote.json devPort (5001-5005),
//   - the shell's webpack dev server on 5000, whose /release-manifest.json points at those dev servers
//     (a manifest of its own in infra/.dev-local: the registry of `npm start` is not touched).
// None of these ports clash with `npm start` (3000-3005, 3100), so both can run at once.
// Env: RENDIME_SHELL_DEV_PORT (5000), RENDIME_DEV_API_PORT (shell port + 100), RENDIME_REFRESH=0 (live reload only).
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { platformConfig, repoRoot, REMOTES } from './lib/config.mjs';
import { startApi } from './lib/platform.mjs';
import { printDemoUsers } from './lib/demo-users.mjs';

const shellPort = Number(process.env.RENDIME_SHELL_DEV_PORT || 5000);
const apiPort = Number(process.env.RENDIME_DEV_API_PORT || shellPort + 100);
const shellOrigin = `http://localhost:${shellPort}`;
const workDir = path.join(repoRoot, 'infra/.dev-local');
const manifestFile = path.join(workDir, 'release-manifest.json');
const devPorts = Object.fromEntries(
  REMOTES.map((name) => [name, JSON.parse(fs.readFileSync(path.join(repoRoot, name, 'remote.json'), 'utf8')).devPort]),
);

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];

function prefixed(name, stream, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
}

function devServer(pkg, env) {
  // Its own process group, so stopping dev-local stops pnpm and the webpack under it.
  const child = spawn('pnpm', ['--filter', pkg, 'exec', 'webpack', 'serve', '--mode', 'development'], {
    cwd: repoRoot,
    env: { ...process.env, API_PORT: String(apiPort), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  prefixed(pkg, child.stdout, process.stdout);
  prefixed(pkg, child.stderr, process.stderr);
  child.once('exit', (code) => {
    if (!stopping) {
      console.error(`[dev-local] ${pkg} stopped (${code}); stopping everything`);
      void stop(1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up in ${timeoutMs / 1000} s`);
}

let stopping = false;
async function stop(code = 0) {
  stopping = true;
  for (const child of children) {
    try {
      // Dev servers lead their own process group (pnpm and webpack under it); the API is one process.
      if (child.pid && child !== api) process.kill(-child.pid, 'SIGTERM');
      else child.kill('SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

fs.mkdirSync(workDir, { recursive: true });
fs.rmSync(manifestFile, { force: true });

if (!fs.existsSync(path.join(repoRoot, 'infra/api/dist/server.js'))) {
  console.log('[dev-local] building the API once');
  if (spawnSync('pnpm', ['--filter', 'infra-api', 'run', 'build'], { cwd: repoRoot, stdio: 'inherit' }).status !== 0) process.exit(1);
}
const api = startApi({ ...platformConfig(), apiPort, shellOrigin }, { dataDir: path.join(workDir, 'api-data') });
children.push(api);
api.once('exit', (code) => {
  if (!stopping) {
    console.error(`[dev-local] the API stopped (${code}); stopping everything`);
    void stop(1);
  }
});

for (const name of REMOTES) devServer(name, {});
devServer('shell', { RENDIME_DEV_MANIFEST: manifestFile, RENDIME_SHELL_DEV_PORT: String(shellPort) });

try {
  // Six webpack compilations start beside it: on a busy laptop the API's first start takes a while.
  await waitFor(`http://127.0.0.1:${apiPort}/health`, 600_000);
  // Each dev server emits its remote-descriptor.json once compiled: the manifest entry comes from
  // it, as publishing does, but points at the dev server's own mf-manifest.json.
  const remotes = [];
  for (const name of REMOTES) {
    const origin = `http://localhost:${devPorts[name]}`;
    const d = await (await waitFor(`${origin}/remote-descriptor.json`, 600_000)).json();
    remotes.push({
      name: d.name,
      scope: d.scope,
      version: d.version,
      entry: `${origin}/mf-manifest.json`,
      routes: d.routes,
      nav: d.nav ?? [],
      widgets: d.widgets ?? {},
      events: d.events ?? {},
      devPort: d.devPort,
      shared: d.shared ?? {},
    });
  }
  fs.writeFileSync(manifestFile, JSON.stringify({ release: 'dev', createdAt: new Date().toISOString(), remotes }, null, 2));
  await waitFor(`${shellOrigin}/`, 600_000);
} catch (error) {
  console.error(`[dev-local] ${error instanceof Error ? error.message : error}`);
  await stop(1);
}

console.log(`
Rendime from dev servers: ${shellOrigin}   (edit a slice: its part of the page updates in place)
  API            http://127.0.0.1:${apiPort} (through the shell at ${shellOrigin}/api)
${REMOTES.map((n) => `  ${n.padEnd(14)} http://localhost:${devPorts[n]}`).join('\n')}
  manifest       ${manifestFile}
`);
await printDemoUsers();
