#!/usr/bin/env node
// The static servers of a deployment, from the same code the local platform runs
// (infra/scripts/lib/servers.mjs), so headers, CSP and the /api proxy stay one implementation.
//
//   RENDIME_ROLE=shell    the shell's origin: its build, the release manifest, /api -> the API
//   RENDIME_ROLE=remotes  every stored remote build, one origin (the CDN's origin server):
//                         /<remote>/<version>/mf-manifest.json, remoteEntry.js, hashed chunks
//
// Environment: PORT, HOST (0.0.0.0), RENDIME_REGISTRY_DIR (/srv/registry), RENDIME_SHELL_DIST
// (/srv/shell), RENDIME_API_UPSTREAMS (shell: API base URLs, comma-separated), RENDIME_CDN_BASE_URL
// (shell: where browsers fetch the remotes; the release manifest's entries are written under it),
// RENDIME_MAP_TILE_URL / RENDIME_MAP_TILE_ATTRIBUTION (runtime config of the map).
import fs from 'node:fs';
import path from 'node:path';
import { REMOTES } from '../scripts/lib/config.mjs';
import { activate, listVersions, readManifest } from '../scripts/lib/registry.mjs';
import { runtimeConfig } from '../scripts/lib/runtime-config.mjs';
import { apiUpstreamsFromEnv, startRemoteServer, startShellServer } from '../scripts/lib/servers.mjs';

/** Where a remote's versions live for browsers: `${cdnBase}/${name}`. */
export function remoteOriginFor(cdnBaseUrl, name) {
  const base = new URL(cdnBaseUrl);
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error(`RENDIME_CDN_BASE_URL must be http(s): ${cdnBaseUrl}`);
  return `${cdnBaseUrl.replace(/\/+$/, '')}/${name}`;
}

/** Newest stored version by the semver-ish order of its name (1.10.0 after 1.9.0). */
function newest(versions) {
  return [...versions].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1);
}

/**
 * Writes the release manifest for this deployment's CDN: each remote's live entry points at
 * `${RENDIME_CDN_BASE_URL}/<remote>/<version>/mf-manifest.json`. A manifest already written for
 * the same CDN (a rollback done with infra/scripts/registry.mjs on the registry volume) is kept;
 * a remote not yet in it, or one whose entry points elsewhere, gets its newest stored build.
 */
export function publishForCdn(registryDir, cdnBaseUrl) {
  const live = readManifest(registryDir);
  for (const name of REMOTES) {
    const versions = listVersions(registryDir, name);
    if (versions.length === 0) throw new Error(`${name} has no build in ${registryDir}`);
    const origin = remoteOriginFor(cdnBaseUrl, name);
    const current = live.remotes.find((r) => r.name === name);
    if (current && current.entry.startsWith(`${origin}/`) && versions.includes(current.version)) continue;
    activate(registryDir, name, newest(versions), origin);
  }
}

async function main() {
  const role = process.env.RENDIME_ROLE;
  const host = process.env.HOST || '0.0.0.0';
  const port = Number(process.env.PORT || (role === 'shell' ? 8080 : 8081));
  const registryDir = path.resolve(process.env.RENDIME_REGISTRY_DIR || '/srv/registry');
  if (role === 'remotes') {
    // The registry root as one origin: every remote under its own folder.
    // Probes read /health.json, a file the image writes into the registry root.
    await startRemoteServer({ name: '.', registryDir, port, host });
    console.log(`[static] remotes from ${registryDir} on ${host}:${port}`);
    return;
  }
  if (role === 'shell') {
    const cdn = process.env.RENDIME_CDN_BASE_URL;
    if (!cdn) throw new Error('RENDIME_CDN_BASE_URL is not set (where browsers load the remotes from)');
    const upstreams = apiUpstreamsFromEnv();
    if (!upstreams) throw new Error('RENDIME_API_UPSTREAMS is not set (the API base URLs, comma-separated)');
    publishForCdn(registryDir, cdn);
    const shellDist = path.resolve(process.env.RENDIME_SHELL_DIST || '/srv/shell');
    if (!fs.existsSync(path.join(shellDist, 'index.html'))) throw new Error(`no shell build in ${shellDist}`);
    const control = (app) => app.get('/health', async () => ({ ok: true }));
    await startShellServer({ shellDist, registryDir, port, host, apiUpstreams: upstreams, control, runtimeConfig: runtimeConfig() });
    console.log(`[static] shell on ${host}:${port}, API ${upstreams.join(', ')}, remotes from ${cdn}`);
    return;
  }
  throw new Error(`RENDIME_ROLE must be shell or remotes, got ${role ?? '(unset)'}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
