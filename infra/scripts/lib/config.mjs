// Ports and folders of the local platform, read and validated in one place. Every value can be
// overridden by the environment so the e2e run and a developer's platform can coexist.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import { runtimeConfig } from './runtime-config.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The one slice list of the repo (slices.json); a remote's default port is 3001 + its place in it. */
/** @type {string[]} */
export const REMOTES = JSON.parse(fs.readFileSync(path.join(repoRoot, 'slices.json'), 'utf8')).slices;
/** @type {Record<string, number>} */
const DEFAULT_REMOTE_PORTS = Object.fromEntries(REMOTES.map((r, i) => [r, 3001 + i]));

/** @param {string} name @param {number} fallback */
function port(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name} must be a port number, got ${raw}`);
  return n;
}

export function platformConfig() {
  const shellPort = port('RENDIME_SHELL_PORT', 3000);
  const offset = shellPort - 3000;
  /** @type {Record<string, number>} */
  const remotePorts = Object.fromEntries(
    REMOTES.map((r) => [r, port(`RENDIME_PORT_${r.replace('mf-', '').toUpperCase()}`, DEFAULT_REMOTE_PORTS[r] + offset)]),
  );
  const host = process.env.RENDIME_HOST || 'localhost';
  return {
    host,
    shellPort,
    apiPort: port('RENDIME_API_PORT', 3100 + offset),
    remotePorts,
    registryDir: path.resolve(process.env.RENDIME_REGISTRY_DIR || path.join(repoRoot, 'infra/.registry')),
    apiDataDir: process.env.RENDIME_API_DATA_DIR ? path.resolve(process.env.RENDIME_API_DATA_DIR) : undefined,
    remoteOrigin: (/** @type {string} */ name) => `http://${host}:${remotePorts[name]}`,
    shellOrigin: `http://${host}:${shellPort}`,
    runtime: runtimeConfig(),
  };
}
