#!/usr/bin/env node
// The production topology's processes (ADR 0035), each configured by its environment:
//   node infra/scripts/production.mjs registry   the registry service (publish/activate/rollback/log, tokens)
//   node infra/scripts/production.mjs cdn        the static store served under the CDN base URL
//   node infra/scripts/production.mjs shell      one shell replica: manifest from the store, /api to the API replicas
// Environment: RENDIME_REGISTRY_DATABASE_URL (PostgreSQL; without it the folder RENDIME_REGISTRY_DIR),
// RENDIME_STATIC_DIR (the static store folder), RENDIME_CDN_BASE (its public URL), PORT, HOST,
// RENDIME_REGISTRY_ADMIN_TOKEN (registry), RENDIME_API_UPSTREAMS, RENDIME_MANIFEST_CACHE_DIR,
// RENDIME_MANIFEST_POLL_MS, RENDIME_RELEASE_SESSION_SECRET, RENDIME_HEALTH_* (shell, ADR 0040),
// RENDIME_SHELL_DIST (default shell/dist), RENDIME_SMOKE_API_URL (registry: the sandbox API the
// smoke mount signs in to; without it the service starts one from infra/api/dist on its first
// publish, ADR 0039), RENDIME_SMOKE_USER / RENDIME_SMOKE_PASSWORD.
import os from 'node:os';
import path from 'node:path';
import { platformConfig, repoRoot } from './lib/config.mjs';
import { storeFromEnv } from './lib/registry-store.mjs';
import { adminTokenProblem } from './lib/registry-service.mjs';
import { folderStaticStore } from './lib/static-store.mjs';
import { apiUpstreamsFromEnv, startRemoteServer, startShellServer } from './lib/servers.mjs';

const role = process.argv[2];
const env = process.env;
const port = Number(env.PORT ?? 0);
const host = env.HOST ?? '127.0.0.1';
const shellDist = path.resolve(env.RENDIME_SHELL_DIST ?? path.join(repoRoot, 'shell/dist'));
const staticRoot = path.resolve(env.RENDIME_STATIC_DIR ?? path.join(repoRoot, '.static-store'));
const need = (/** @type {string} */ name) => {
  if (!env[name]) {
    console.error(`${name} is required for "${role}"`);
    process.exit(2);
  }
  return String(env[name]);
};

if (role === 'cdn') {
  // The whole store at the root: <cdn base>/<remote>/<version>/... (CORS, immutable hashed chunks).
  const app = await startRemoteServer({ name: '', registryDir: staticRoot, port, host });
  console.log(`cdn listening on ${JSON.stringify(app.server.address())}`);
} else if (role === 'registry') {
  // The deploy Secret's placeholder, or a guessable token, would hand every slice to anyone.
  const adminToken = need('RENDIME_REGISTRY_ADMIN_TOKEN');
  const tokenProblem = adminTokenProblem(adminToken);
  if (tokenProblem) {
    console.error(tokenProblem);
    process.exit(2);
  }
  const { buildRegistryService } = await import('./lib/registry-service.mjs');
  const store = await storeFromEnv({ registryDir: platformConfig().registryDir });
  const app = await buildRegistryService({
    store,
    staticStore: folderStaticStore(staticRoot),
    cdnBase: need('RENDIME_CDN_BASE'),
    shellDist,
    adminToken,
  });
  await app.listen({ port, host });
  console.log(`registry (${store.kind}) listening on ${JSON.stringify(app.server.address())}`);
} else if (role === 'shell') {
  // The deploy Secret's placeholder would let anyone sign a release session (and pick a canary side).
  const sessionSecret = env.RENDIME_RELEASE_SESSION_SECRET;
  if (sessionSecret !== undefined && (/REPLACE|change-me/i.test(sessionSecret) || sessionSecret.length < 32)) {
    console.error(
      'RENDIME_RELEASE_SESSION_SECRET is the placeholder from infra/deploy (secret.yaml) or shorter than 32 characters: set at least 32 random characters',
    );
    process.exit(2);
  }
  const { startManifestMirror } = await import('./lib/manifest-mirror.mjs');
  const store = await storeFromEnv({ registryDir: platformConfig().registryDir });
  const cacheDir = path.resolve(env.RENDIME_MANIFEST_CACHE_DIR ?? path.join(os.tmpdir(), `rendime-shell-${process.pid}`));
  await startManifestMirror({ store, cacheDir, staticRoot, intervalMs: Number(env.RENDIME_MANIFEST_POLL_MS ?? 1_000) });
  // Load reports are counted in the shared store, not this replica's cache (ADR 0040); the replicas
  // share RENDIME_RELEASE_SESSION_SECRET so a session keeps its release set on any of them.
  if (!env.RENDIME_RELEASE_SESSION_SECRET)
    console.error('[shell] RENDIME_RELEASE_SESSION_SECRET is not set: release sessions are per replica');
  const app = await startShellServer({
    shellDist,
    registryDir: cacheDir,
    port,
    host,
    apiUpstreams: apiUpstreamsFromEnv(env),
    health: { store },
  });
  console.log(`shell listening on ${JSON.stringify(app.server.address())}`);
} else {
  console.error('usage: production.mjs registry|cdn|shell');
  process.exit(2);
}
