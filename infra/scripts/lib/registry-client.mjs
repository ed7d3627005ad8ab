// The release CLI against the registry service (ADR 0035): `registry.mjs <command> --registry <url>
// --token <t>`. A team's CI releases from anywhere with its token; the service runs the gate.
import fs from 'node:fs';
import path from 'node:path';
import { RegistryError } from './registry.mjs';

/** @param {string} dir @param {string} [base] @returns {string[]} */
function filesOf(dir, base = dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) /** @returns {string[]} */ =>
      e.isDirectory() ? filesOf(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name)).split(path.sep).join('/')],);
}

/** @param {{ registry: string, token?: string }} o */
export function registryClient({ registry, token }) {
  const base = registry.replace(/\/$/, '');
  /** @type {(method: string, url: string, body?: object) => Promise<any>} the service's JSON answer */
  const call = async (method, url, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    const data = text ? JSON.parse(text) : null;
    if (!res.ok)
      throw new RegistryError(
        `registry answered ${res.status}: ${data?.message ?? text}`,
        data?.code ?? `HTTP_${res.status}`,
        data?.problems ?? [],
      );
    return data;
  };
  return {
    /** Uploads a build (every file but source maps, which production does not serve); with `canary` (a percent) it goes to that share of sessions only. */
    /** @param {string} remote @param {string} buildDir @param {{ smoke?: boolean, reason?: string, canary?: number }} [o] */
    publish: (remote, buildDir, { smoke = true, reason = '', canary = /** @type {number | undefined} */ (undefined) } = {}) =>
      call('POST', `/remotes/${remote}/publish`, {
        smoke,
        reason,
        ...(canary !== undefined ? { canary } : {}),
        files: filesOf(buildDir)
          .filter((f) => !f.endsWith('.map'))
          .map((f) => ({ path: f, data: fs.readFileSync(path.join(buildDir, f)).toString('base64') })),
      }),
    /** @param {string} remote @param {string} version @param {{ expectRelease?: string, reason?: string, canary?: number }} [o] */
    activate: (remote, version, { expectRelease, reason, canary } = {}) =>
      call('POST', `/remotes/${remote}/activate`, { version, expectRelease, reason, canary }),
    /** Sessions that mounted or failed each version, and the verdicts (ADR 0040). */
    /** @param {string} remote */
    health: (remote) => call('GET', `/remotes/${encodeURIComponent(remote)}/health`),
    /** @param {string} remote @param {{ expectRelease?: string, reason?: string }} [o] */
    rollback: (remote, { expectRelease, reason } = {}) => call('POST', `/remotes/${remote}/rollback`, { expectRelease, reason }),
    /** @param {string} [remote] */
    log: (remote) => call('GET', `/log${remote ? `?remote=${encodeURIComponent(remote)}` : ''}`),
    manifest: () => call('GET', '/release-manifest.json'),
    /** @param {string} team @param {string[]} slices */
    createToken: (team, slices) => call('POST', '/tokens', { team, slices }),
    /** @param {string} id */
    revokeToken: (id) => call('DELETE', `/tokens/${encodeURIComponent(id)}`),
  };
}
