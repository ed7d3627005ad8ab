// The release registry: every published build of a remote lives in <registry>/<remote>/<version>/
// and the release manifest says which version of each remote is live. Publishing or rolling back
// one remote rewrites one manifest entry and touches no other build.
//
// ADR 0019: a version is the package version plus a short hash of the build's content, so a
// stored folder never changes (a republish of the same content is refused, a rebuilt remote gets a
// new version). Every change of the manifest happens under one lock, re-reads the manifest first
// (compare-and-swap on its release number) and appends a line to <registry>/release-log.jsonl.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { COPY, repairPrecompressed } from './precompressed.mjs';

// The shapes are declared once, in registry.types.d.mts; the functions are typed by their JSDoc here.
/** @typedef {import('./registry.types.mjs').Manifest} Manifest */
/** @typedef {import('./registry.types.mjs').ManifestRemote} ManifestRemote */
/** @typedef {import('./registry.types.mjs').ManifestFallback} ManifestFallback */
/** @typedef {import('./registry.types.mjs').LogLine} LogLine */
/** @typedef {import('./registry.types.mjs').ChangeOptions} ChangeOptions */
/** @typedef {import('./registry.types.mjs').HealthTally} HealthTally */
/** @typedef {Record<string, unknown> & { name: string, version: string }} Descriptor */
/** @typedef {Record<string, Record<string, { ok: string[], failed: string[], status?: string, reason?: string, at?: string }>>} Health */
/** @typedef {Partial<LogLine> & { action: string, remote: string }} LogEntry */
/** @typedef {ChangeOptions & { action?: string, canary?: number, fallbacks?: (prev: ManifestRemote | undefined) => ManifestFallback[] }} ActivateOptions */

/** A refusal the CLI reports as such (exit 1, production unchanged), not a crash. */
export class RegistryError extends Error {
  /** @param {string} message @param {string} code @param {string[]} [problems] */
  constructor(message, code, problems = []) {
    super(message);
    this.name = 'RegistryError';
    this.code = code;
    this.problems = problems;
  }
}

/** How many earlier good versions a manifest entry keeps for the shell's last-known-good. */
export const MAX_FALLBACKS = 3;
const LOCK_STALE_MS = 60_000;
const LOCK_WAIT_MS = 120_000;

/** @param {string} registryDir */
export function manifestPath(registryDir) {
  return path.join(registryDir, 'release-manifest.json');
}

/** @param {string} registryDir */
export function releaseLogPath(registryDir) {
  return path.join(registryDir, 'release-log.jsonl');
}

/** @param {string} registryDir @returns {Manifest} */
export function readManifest(registryDir) {
  const file = manifestPath(registryDir);
  if (!fs.existsSync(file)) return { release: '0', createdAt: new Date(0).toISOString(), remotes: [] };
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** @param {string} registryDir @param {Manifest} manifest */
function writeManifest(registryDir, manifest) {
  fs.mkdirSync(registryDir, { recursive: true });
  // A tmp name per process: two writers never share (and truncate) one tmp file.
  const tmp = `${manifestPath(registryDir)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(manifest, null, 2));
  fs.renameSync(tmp, manifestPath(registryDir)); // atomic: a reader never sees half a manifest
}

// ---------------------------------------------------------------------------------------------
// Versions

/** @param {string} dir @param {string} [base] @returns {string[]} */
function filesOf(dir, base = dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) /** @returns {string[]} */ =>
      e.isDirectory() ? filesOf(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name)).split(path.sep).join('/')],)
    .sort();
}

/**
 * A short hash of everything in a build but its precompressed copies; the descriptor counts without `builtAt` (and without a
 * version the registry wrote), so the same sources built twice give the same hash.
 * @param {string} buildDir
 */
export function contentHash(buildDir) {
  const hash = crypto.createHash('sha256');
  // Precompressed copies are derived from the files hashed here (and the registry may make them
  // again, lib/precompressed.mjs): the same files are the same version whatever their copies.
  for (const rel of filesOf(buildDir).filter((f) => !COPY.test(f))) {
    let body = fs.readFileSync(path.join(buildDir, rel));
    if (rel === 'remote-descriptor.json') {
      const { builtAt: _builtAt, contentHash: _hash, ...rest } = JSON.parse(body.toString('utf8'));
      // The registry writes the full version into its stored copy: a stored folder (copied to
      // another registry, say) hashes to the version it is stored under.
      if (typeof rest.version === 'string') rest.version = rest.version.split('+')[0];
      body = Buffer.from(JSON.stringify(rest));
    }
    hash.update(rel).update('\0').update(body).update('\0');
  }
  return hash.digest('hex').slice(0, 10);
}

/** @param {string} buildDir @returns {Descriptor} */
export function readDescriptor(buildDir) {
  const file = path.join(buildDir, 'remote-descriptor.json');
  if (!fs.existsSync(file)) throw new RegistryError(`${buildDir} has no remote-descriptor.json (is it a remote's build?)`, 'NO_BUILD');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new RegistryError(
      `remote-descriptor.json of ${buildDir} is not JSON: ${e instanceof Error ? e.message : e}`,
      'INVALID_DESCRIPTOR',
    );
  }
}

/**
 * The registry version of a build: `<package version>+<content hash>` (semver build metadata).
 * @param {string} buildDir @param {{ version?: unknown }} [descriptor]
 */
export function versionOf(buildDir, descriptor = readDescriptor(buildDir)) {
  const base = String(descriptor.version ?? '0.0.0').split('+')[0];
  return `${base}+${contentHash(buildDir)}`;
}

/** @param {string} registryDir @param {string} name */
export function listVersions(registryDir, name) {
  const dir = path.join(registryDir, name);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((v) => !v.startsWith('.') && fs.existsSync(path.join(dir, v, 'remote-descriptor.json')));
}

/** @param {string} registryDir @param {string} name @param {string} version */
export function isStored(registryDir, name, version) {
  return fs.existsSync(path.join(registryDir, name, version, 'remote-descriptor.json'));
}

/**
 * Copies a remote's build into the registry under its content version. A stored version is never
 * replaced: with `ifStored: 'refuse'` (the default) storing it again throws ALREADY_STORED; with
 * `'reuse'` (`pnpm start` on an unchanged build) it returns the stored one with `stored: false`.
 * @param {string} registryDir
 * @param {string} buildDir
 * @param {{ ifStored?: 'refuse' | 'reuse' }} [opts]
 */
export function storeBuild(registryDir, buildDir, { ifStored = 'refuse' } = {}) {
  const descriptor = readDescriptor(buildDir);
  if (typeof descriptor.name !== 'string' || !/^mf-[a-z]+$/.test(descriptor.name)) {
    throw new RegistryError(`remote-descriptor.json of ${buildDir} has no valid name`, 'INVALID_DESCRIPTOR');
  }
  const version = versionOf(buildDir, descriptor);
  const remoteDir = path.join(registryDir, descriptor.name);
  const target = path.join(remoteDir, version);
  const stored = () => ({ ...JSON.parse(fs.readFileSync(path.join(target, 'remote-descriptor.json'), 'utf8')), version });
  if (fs.existsSync(target)) {
    if (ifStored === 'reuse') return { ...stored(), stored: false };
    throw new RegistryError(
      `${descriptor.name}@${version} is already stored; a stored version never changes (activate it, or publish a changed build)`,
      'ALREADY_STORED',
    );
  }
  // Copied beside the target and renamed into place, so a half-copied version is never visible
  // and two publishers of the same build cannot mix their files.
  fs.mkdirSync(remoteDir, { recursive: true });
  const staging = path.join(remoteDir, `.staging-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  try {
    fs.cpSync(buildDir, staging, { recursive: true });
    // The servers send a precompressed copy in place of its file: a copy that is not its file any
    // more (a file patched after the build) is made again, so the version serves what it holds.
    repairPrecompressed(staging);
    const d = JSON.parse(fs.readFileSync(path.join(staging, 'remote-descriptor.json'), 'utf8'));
    fs.writeFileSync(
      path.join(staging, 'remote-descriptor.json'),
      JSON.stringify({ ...d, version, contentHash: version.split('+')[1] }, null, 2),
    );
    try {
      fs.renameSync(staging, target);
    } catch (e) {
      // Someone stored the same content a moment ago: same hash, same files.
      if (fs.existsSync(target) && ifStored === 'reuse') return { ...stored(), stored: false };
      if (fs.existsSync(target)) throw new RegistryError(`${descriptor.name}@${version} is already stored`, 'ALREADY_STORED');
      throw e;
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return { ...stored(), stored: true };
}

// ---------------------------------------------------------------------------------------------
// The lock and the log

const sleepBuffer = new Int32Array(new SharedArrayBuffer(4));
const sleepSync = (/** @type {number} */ ms) => Atomics.wait(sleepBuffer, 0, 0, ms);

/** @param {number} pid */
function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return /** @type {NodeJS.ErrnoException} */ (e).code === 'EPERM';
  }
}

/**
 * Runs `fn` holding <registry>/release.lock (created with O_EXCL, so one holder at a time across
 * processes). A lock whose holder died (same host, pid gone) or that is older than a minute is
 * taken over: renamed away first, so two waiters cannot both remove it.
 * @template T @param {string} registryDir @param {() => T} fn @returns {T}
 */
export function withRegistryLock(registryDir, fn) {
  fs.mkdirSync(registryDir, { recursive: true });
  const lock = path.join(registryDir, 'release.lock');
  const owner = JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date().toISOString() });
  const until = Date.now() + LOCK_WAIT_MS;
  let fd;
  for (let attempt = 0; ; attempt += 1) {
    try {
      fd = fs.openSync(lock, 'wx');
      fs.writeSync(fd, owner);
      break;
    } catch (e) {
      if (/** @type {NodeJS.ErrnoException} */ (e).code !== 'EEXIST') throw e;
      if (isStale(lock)) {
        const aside = `${lock}.stale-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
        try {
          fs.renameSync(lock, aside);
          fs.rmSync(aside, { force: true });
        } catch {
          // another waiter took it over first
        }
        continue;
      }
      if (Date.now() > until)
        throw new RegistryError(`the registry is locked by ${readOwner(lock) ?? 'another process'} (${lock})`, 'LOCKED');
      sleepSync(Math.min(10 + attempt * 5, 100) + Math.floor(Math.random() * 20));
    }
  }
  try {
    return fn();
  } finally {
    fs.closeSync(fd);
    fs.rmSync(lock, { force: true });
  }
}

/** @param {string} lock */
function readOwner(lock) {
  try {
    return fs.readFileSync(lock, 'utf8') || null;
  } catch {
    return null;
  }
}

/** @param {string} lock */
function isStale(lock) {
  let stat;
  try {
    stat = fs.statSync(lock);
  } catch {
    return false; // gone already: the next open will tell
  }
  if (Date.now() - stat.mtimeMs > LOCK_STALE_MS) return true;
  try {
    const o = JSON.parse(readOwner(lock) ?? '');
    return o.host === os.hostname() && !pidAlive(o.pid);
  } catch {
    return false; // being written right now
  }
}

/** @param {string} [by] */
export function whoAmI(by) {
  return by || process.env.RENDIME_RELEASE_BY || process.env.USER || process.env.USERNAME || os.userInfo().username || 'unknown';
}

/**
 * One line of the release log, the same in the folder and the PostgreSQL store (registry-store.mjs).
 * @param {{ release: string | number, action: string, remote: string, version?: string | null, previousVersion?: string | null, reason?: string, team?: string, noSmoke?: boolean }} entry
 * @param {string} who
 */
export function logLine(entry, who) {
  return {
    release: String(entry.release),
    at: new Date().toISOString(),
    who,
    action: entry.action,
    remote: entry.remote,
    version: entry.version ?? null,
    previousVersion: entry.previousVersion ?? null,
    reason: entry.reason ?? '',
    // Set by the registry service (ADR 0035): the team whose token made the change, and whether
    // an administrator skipped the smoke mount.
    ...(entry.team ? { team: entry.team } : {}),
    ...(entry.noSmoke ? { noSmoke: true } : {}),
  };
}

/**
 * Appends one line to the release log. Called under the lock only, so lines are in release order.
 * @param {string} registryDir
 * @param {{ release: string, action: string, remote: string, version?: string | null, previousVersion?: string | null, who?: string, reason?: string, team?: string, noSmoke?: boolean }} entry
 */
export function appendLog(registryDir, entry) {
  const line = logLine(entry, whoAmI(entry.who));
  fs.mkdirSync(registryDir, { recursive: true });
  fs.appendFileSync(releaseLogPath(registryDir), `${JSON.stringify(line)}\n`);
  return line;
}

/** @param {string} registryDir @returns {LogLine[]} */
export function readLog(registryDir) {
  const file = releaseLogPath(registryDir);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/**
 * Records a refused publish (the manifest and the stored builds stay as they were).
 * @param {string} registryDir @param {{ remote: string, version: string | null, reason: string, who?: string }} refusal
 */
export function logRefusal(registryDir, { remote, version, reason, who }) {
  return withRegistryLock(registryDir, () => {
    const manifest = readManifest(registryDir);
    const live = manifest.remotes.find((r) => r.name === remote);
    return appendLog(registryDir, {
      release: manifest.release,
      action: 'refuse',
      remote,
      version,
      previousVersion: live?.version ?? null,
      reason,
      who,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Health (ADR 0040): per remote version, the sessions whose browser reported it mounted or failed,
// and the verdict once there were enough of them. The folder registry keeps it in one file beside
// the manifest; the PostgreSQL store in two tables (registry-store.mjs).

/** Sessions kept per version and outcome: a verdict needs a handful, a file must stay small. */
const HEALTH_SESSIONS_KEPT = 1_000;

/** @param {string} registryDir */
export function healthPath(registryDir) {
  return path.join(registryDir, 'release-health.json');
}

/** @param {string} registryDir @returns {Health} */
export function readHealth(registryDir) {
  try {
    return JSON.parse(fs.readFileSync(healthPath(registryDir), 'utf8'));
  } catch {
    return {};
  }
}

/** @param {string} registryDir @param {Health} health */
function writeHealth(registryDir, health) {
  const tmp = `${healthPath(registryDir)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(health));
  fs.renameSync(tmp, healthPath(registryDir));
}

/**
 * The versions of `name` reported unhealthy: rollback and fallbacks never choose them.
 * @param {string} registryDir @param {string} name
 */
export function unhealthyVersions(registryDir, name) {
  const versions = readHealth(registryDir)[name] ?? {};
  return new Set(Object.keys(versions).filter((v) => versions[v].status === 'unhealthy'));
}

/**
 * One session's vote on a version: a failure sticks (a session that failed once counts as failed).
 * @param {string} registryDir @param {{ remote: string, version: string, session: string, failed: boolean }} vote
 * @returns {HealthTally}
 */
export function recordHealthVote(registryDir, { remote, version, session, failed }) {
  return withRegistryLock(registryDir, () => {
    const health = readHealth(registryDir);
    const v = ((health[remote] ??= {})[version] ??= { ok: [], failed: [] });
    const inFailed = v.failed.includes(session);
    if (failed && !inFailed) {
      v.ok = v.ok.filter((x) => x !== session);
      if (v.failed.length < HEALTH_SESSIONS_KEPT) v.failed.push(session);
    } else if (!failed && !inFailed && !v.ok.includes(session) && v.ok.length < HEALTH_SESSIONS_KEPT) {
      v.ok.push(session);
    }
    writeHealth(registryDir, health);
    return { ok: v.ok.length, failed: v.failed.length, status: v.status ?? null };
  });
}

/**
 * Records a verdict; false when the version had it already (so it is acted on and logged once).
 * @param {string} registryDir @param {{ remote: string, version: string, status: 'healthy' | 'unhealthy', reason?: string }} verdict
 */
export function setHealthStatus(registryDir, { remote, version, status, reason = '' }) {
  return withRegistryLock(registryDir, () => {
    const health = readHealth(registryDir);
    const v = ((health[remote] ??= {})[version] ??= { ok: [], failed: [] });
    if (v.status === status) return false;
    Object.assign(v, { status, reason, at: new Date().toISOString() });
    writeHealth(registryDir, health);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Changing the manifest

/**
 * The URL of a stored version's mf-manifest.json. The `+` of the version stays as it is: it is
 * legal in a path, and the static server looks folders up by the path as written (`%2B` is a 404).
 */
/**
 * A release-manifest entry for a stored build: what its descriptor declares, where it loads from, what to fall back to.
 * @param {Record<string, any>} descriptor the build's remote-descriptor.json (checked by the publish gate)
 * @param {string} version @param {string} entry @param {ManifestFallback[]} fallbacks
 * @returns {ManifestRemote}
 */
export function manifestEntry(descriptor, version, entry, fallbacks) {
  return {
    name: descriptor.name,
    scope: descriptor.scope,
    version,
    entry,
    routes: descriptor.routes,
    nav: descriptor.nav ?? [],
    widgets: descriptor.widgets ?? {},
    // Scripts run on other websites (the owner widget, ADR 0025); the loader reads them here.
    embeds: descriptor.embeds ?? {},
    events: descriptor.events ?? {},
    // The widget and event contract versions it provides and consumes: the gate holds the next
    // release of any slice against these (ADR 0039). The shell's schema ignores the field.
    ...(descriptor.contracts ? { contracts: descriptor.contracts } : {}),
    devPort: descriptor.devPort,
    shared: descriptor.shared ?? {},
    // Both entries of one version (ADR 0041): the server's sits in the same immutable folder.
    ...(descriptor.serverRoutes?.length
      ? { serverRoutes: descriptor.serverRoutes, serverEntry: entry.replace(/mf-manifest\.json$/, 'server/remoteEntry.js') }
      : {}),
    fallbacks,
  };
}

/** @param {string} origin @param {string} version */
export function entryUrl(origin, version) {
  return `${origin}/${encodeURIComponent(version).replace(/%2B/gi, '+')}/mf-manifest.json`;
}

/**
 * The one way the manifest changes: under the lock, re-read, check the release number the caller
 * saw (`expectRelease`, compare-and-swap), write the next release, log it.
 * @param {string} registryDir
 * @param {{ expectRelease?: string | number | null, log: Partial<LogLine> }} opts
 * @param {(manifest: Manifest) => { remotes: ManifestRemote[], logEntry: LogEntry }} change
 * @returns {Manifest}
 */
export function changeManifest(registryDir, { expectRelease, log }, change) {
  return withRegistryLock(registryDir, () => {
    const manifest = readManifest(registryDir);
    if (expectRelease !== undefined && expectRelease !== null && String(expectRelease) !== String(manifest.release)) {
      throw new RegistryError(
        `the manifest changed meanwhile: release ${manifest.release}, expected ${expectRelease}; nothing was changed`,
        'CONFLICT',
      );
    }
    const { remotes, logEntry } = change(manifest);
    remotes.sort((a, b) => a.name.localeCompare(b.name));
    const next = { release: String(Number(manifest.release || 0) + 1), createdAt: new Date().toISOString(), remotes };
    writeManifest(registryDir, next);
    appendLog(registryDir, { ...logEntry, ...log, release: next.release });
    return next;
  });
}

/**
 * @param {ManifestRemote | undefined} previous @param {string} version @param {(previous: ManifestRemote) => boolean} keep
 * @param {Set<string>} [unhealthy] @returns {ManifestFallback[]}
 */
function fallbacksFor(previous, version, keep, unhealthy = new Set()) {
  /** @type {ManifestFallback[]} */
  const list = [];
  if (previous && previous.version !== version && keep(previous)) list.push({ version: previous.version, entry: previous.entry });
  for (const f of previous?.fallbacks ?? []) list.push(f);
  const seen = new Set([version]);
  return list
    .filter((f) => !seen.has(f.version) && seen.add(f.version) && !/\+override$/.test(f.version) && !unhealthy.has(f.version))
    .slice(0, MAX_FALLBACKS);
}

/**
 * A canary's share of sessions: a whole percent, more than none and less than all.
 * @param {unknown} percent
 */
export function canaryPercentProblem(percent) {
  return typeof percent === 'number' && Number.isInteger(percent) && percent >= 1 && percent <= 99
    ? null
    : `a canary goes to 1-99 % of sessions, not ${percent}`;
}

/**
 * The manifest entry of a remote with a canary (ADR 0040): the live version stays the entry, and
 * `canaryRelease` holds the new version's whole entry and the share of sessions it goes to. The page
 * host resolves it per session (release-health.mjs `manifestForSession`); the browser never sees it.
 * @param {ManifestRemote} live @param {ManifestRemote} canaryEntry @param {number} percent @param {string} [since]
 * @returns {ManifestRemote}
 */
export function withCanary(live, canaryEntry, percent, since = new Date().toISOString()) {
  return { ...live, canaryRelease: { version: canaryEntry.version, percent, since, entry: canaryEntry } };
}

/**
 * @param {string} registryDir @param {string} name @param {string} version @param {string} url
 * @param {Descriptor} descriptor @param {ActivateOptions & { canary: number }} opts
 */
function startCanary(registryDir, name, version, url, descriptor, opts) {
  const problem = canaryPercentProblem(opts.canary);
  if (problem) throw new RegistryError(problem, 'USAGE');
  return changeManifest(
    registryDir,
    { expectRelease: opts.expectRelease, log: { who: opts.who, reason: opts.reason || `canary to ${opts.canary} % of sessions` } },
    (manifest) => {
      const live = manifest.remotes.find((r) => r.name === name);
      if (!live) throw new RegistryError(`${name} is not live: a canary needs a live version beside it (activate it instead)`, 'NOT_LIVE');
      if (live.version === version) throw new RegistryError(`${name}@${version} is live already`, 'USAGE');
      return {
        remotes: [
          ...manifest.remotes.filter((r) => r.name !== name),
          withCanary(live, manifestEntry(descriptor, version, url, []), opts.canary),
        ],
        logEntry: { action: 'canary', remote: name, version, previousVersion: live.version },
      };
    },
  );
}

/**
 * Makes <name>@<version> (already stored) the live one. The version live before becomes the first
 * fallback (newest first, at most MAX_FALLBACKS) unless it was a local override.
 * @param {string} registryDir
 * @param {string} name
 * @param {string} version
 * @param {string} origin
 * With `canary` (a percent) the version goes to that share of sessions beside the live one instead.
 * @param {ActivateOptions} [opts]
 */
export function activate(registryDir, name, version, origin, opts = {}) {
  const descriptorFile = path.join(registryDir, name, version, 'remote-descriptor.json');
  if (!fs.existsSync(descriptorFile)) {
    throw new RegistryError(
      `${name}@${version} is not in the registry (${listVersions(registryDir, name).join(', ') || 'no versions'})`,
      'NOT_STORED',
    );
  }
  const descriptor = JSON.parse(fs.readFileSync(descriptorFile, 'utf8'));
  const unhealthy = unhealthyVersions(registryDir, name);
  if (opts.canary !== undefined)
    return startCanary(registryDir, name, version, entryUrl(origin, version), descriptor, { ...opts, canary: opts.canary });
  return changeManifest(
    registryDir,
    { expectRelease: opts.expectRelease, log: { who: opts.who, reason: opts.reason ?? '' } },
    (manifest) => {
      const previous = manifest.remotes.find((r) => r.name === name);
      const entry = manifestEntry(
        descriptor,
        version,
        entryUrl(origin, version),
        opts.fallbacks
          ? opts.fallbacks(previous)
          : fallbacksFor(previous, version, (p) => !String(p.version).endsWith('+override'), unhealthy),
      );
      return {
        remotes: [...manifest.remotes.filter((r) => r.name !== name), entry],
        logEntry: { action: opts.action ?? 'activate', remote: name, version, previousVersion: previous?.version ?? null },
      };
    },
  );
}

/**
 * Goes back to the version live before the current one: the entry's first fallback (the rolled
 * back version is not kept as a fallback), or else the previous version the log records.
 * @param {string} registryDir @param {string} name @param {string} origin @param {ChangeOptions} [opts]
 */
export function rollback(registryDir, name, origin, opts = {}) {
  const manifest = readManifest(registryDir);
  const live = manifest.remotes.find((r) => r.name === name);
  if (!live) throw new RegistryError(`${name} is not in the release manifest`, 'NOT_LIVE');
  // With a canary running, rolling back ends the canary: every session goes back to the live version.
  if (live.canaryRelease) return endCanary(registryDir, name, { ...opts, expectRelease: opts.expectRelease ?? manifest.release });
  const unhealthy = unhealthyVersions(registryDir, name);
  let target = (live.fallbacks ?? []).find((f) => isStored(registryDir, name, f.version) && !unhealthy.has(f.version))?.version;
  if (!target) {
    const made = readLog(registryDir)
      .reverse()
      // Not a rollback's line: its previousVersion is the version rolled back from.
      .find((l) => l.remote === name && l.version === live.version && ['publish', 'activate'].includes(l.action) && l.previousVersion);
    target = made?.previousVersion ?? undefined;
  }
  if (target && unhealthy.has(target)) {
    throw new RegistryError(
      `${name}@${live.version}: the earlier versions are reported unhealthy (${[...unhealthy].join(', ')}); activate a version by name`,
      'NO_PREVIOUS',
    );
  }
  if (!target || target === live.version || !isStored(registryDir, name, target)) {
    throw new RegistryError(`${name}@${live.version} has no earlier version to roll back to`, 'NO_PREVIOUS');
  }
  return activate(registryDir, name, target, origin, {
    ...opts,
    action: 'rollback',
    expectRelease: opts.expectRelease ?? manifest.release,
    fallbacks: (prev) =>
      (prev?.fallbacks ?? [])
        .filter((f) => f.version !== target && f.version !== live.version && !unhealthy.has(f.version))
        .slice(0, MAX_FALLBACKS),
  });
}

/**
 * Ends a remote's canary: the live version goes to every session again.
 * @param {string} registryDir @param {string} name @param {ChangeOptions & { action?: string }} [opts]
 */
export function endCanary(registryDir, name, opts = {}) {
  return changeManifest(
    registryDir,
    { expectRelease: opts.expectRelease, log: { who: opts.who, reason: opts.reason ?? '' } },
    (manifest) => {
      const live = manifest.remotes.find((r) => r.name === name);
      if (!live?.canaryRelease) throw new RegistryError(`${name} has no canary running`, 'NOT_LIVE');
      const { canaryRelease, ...rest } = live;
      return {
        remotes: [...manifest.remotes.filter((r) => r.name !== name), rest],
        logEntry: { action: opts.action ?? 'rollback', remote: name, version: live.version, previousVersion: canaryRelease.version },
      };
    },
  );
}

/**
 * Points a manifest entry at another origin (a team's local dev server, for example).
 * @param {string} registryDir @param {string} name @param {string} url @param {ChangeOptions} [opts]
 */
export function override(registryDir, name, url, opts = {}) {
  return changeManifest(
    registryDir,
    { expectRelease: opts.expectRelease, log: { who: opts.who, reason: opts.reason ?? `loads from ${url}` } },
    (manifest) => {
      const remote = manifest.remotes.find((r) => r.name === name);
      if (!remote) throw new RegistryError(`${name} is not in the release manifest`, 'NOT_LIVE');
      const version = `${String(remote.version).replace(/\+override$/, '')}+override`;
      return {
        remotes: [...manifest.remotes.filter((r) => r.name !== name), { ...remote, entry: url, version }],
        logEntry: { action: 'override', remote: name, version, previousVersion: remote.version },
      };
    },
  );
}
