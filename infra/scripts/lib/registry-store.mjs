// Where releases live (ADR 0035): the manifest, the stored versions, the release log and the team
// tokens, behind one interface with two implementations. The folder store is the local platform's
// registry folder (ADR 0019, no service to install); the PostgreSQL store is production's, shared by
// every shell replica and registry instance: a release is one transaction, and the release number
// is its primary key, so two writers that read the same release cannot both commit (compare-and-swap).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import {
  RegistryError,
  appendLog,
  changeManifest,
  logLine,
  readHealth,
  readLog,
  readManifest,
  recordHealthVote,
  setHealthStatus,
  unhealthyVersions,
  withRegistryLock,
} from './registry.mjs';

/**
 * @typedef {import('./registry.types.mjs').Manifest} Manifest
 * @typedef {import('./registry.types.mjs').LogLine} LogLine
 * @typedef {{ id: string, team: string, slices: string[], admin: boolean, hash: string, revokedAt?: string | null }} TokenRecord
 * @typedef {{ remotes: any[], logEntry: Partial<LogLine> & { action: string, remote: string } }} Change
 * @typedef {{ ok: number, failed: number, status: string | null }} HealthTally
 * @typedef {{ query: (sql: string, params?: unknown[]) => Promise<{ rows: any[], rowCount: number | null }> }} Queryable a pg pool or client; rows as the SQL selects them
 * @typedef {object} RegistryStore
 * @property {string} kind
 * @property {() => Promise<Manifest>} readManifest
 * @property {(remote: string, version: string) => Promise<boolean>} hasVersion
 * @property {(opts: { expectRelease?: string | number | null, log: Partial<LogLine>, version?: { remote: string, version: string, descriptor: object } }, change: (m: Manifest) => Change) => Promise<Manifest>} commit
 * @property {(entry: Partial<LogLine> & { action: string, remote: string }) => Promise<void>} log
 * @property {(remote?: string) => Promise<LogLine[]>} readLog
 * @property {(t: TokenRecord) => Promise<void>} addToken
 * @property {(id: string) => Promise<boolean>} revokeToken
 * @property {(hash: string) => Promise<TokenRecord | null>} tokenByHash
 * @property {(vote: { remote: string, version: string, session: string, failed: boolean }) => Promise<HealthTally>} recordHealthVote
 * @property {(o: { remote: string, version: string, status: 'healthy' | 'unhealthy', reason?: string }) => Promise<boolean>} setHealthStatus
 * @property {(remote: string) => Promise<Set<string>>} unhealthyVersions
 * @property {(remote: string) => Promise<Record<string, HealthTally>>} healthOf
 * @property {() => Promise<void>} close
 */

/** The local platform's registry folder as a store. @param {string} registryDir @returns {RegistryStore} */
export function folderStore(registryDir) {
  const tokensFile = path.join(registryDir, 'tokens.json');
  /** @returns {TokenRecord[]} */
  const tokens = () => (fs.existsSync(tokensFile) ? JSON.parse(fs.readFileSync(tokensFile, 'utf8')) : []);
  const writeTokens = (/** @type {TokenRecord[]} */ list) => {
    fs.mkdirSync(registryDir, { recursive: true });
    fs.writeFileSync(`${tokensFile}.tmp`, JSON.stringify(list, null, 2), { mode: 0o600 });
    fs.renameSync(`${tokensFile}.tmp`, tokensFile);
  };
  return {
    kind: 'folder',
    readManifest: async () => readManifest(registryDir),
    hasVersion: async (remote, version) => fs.existsSync(path.join(registryDir, remote, version, 'remote-descriptor.json')),
    commit: async ({ expectRelease, log, version }, change) => {
      // A version the service stored in a static store elsewhere is recorded here by its descriptor
      // (when the static store is this folder, as on the local platform, it is there already).
      if (version) {
        const file = path.join(registryDir, version.remote, version.version, 'remote-descriptor.json');
        if (!fs.existsSync(file)) {
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, JSON.stringify(version.descriptor, null, 2));
        }
      }
      return changeManifest(registryDir, { expectRelease, log }, change);
    },
    log: async (entry) => {
      withRegistryLock(registryDir, () => appendLog(registryDir, { ...entry, release: readManifest(registryDir).release }));
    },
    readLog: async (remote) => readLog(registryDir).filter((l) => !remote || l.remote === remote),
    addToken: async (t) => withRegistryLock(registryDir, () => writeTokens([...tokens(), t])),
    revokeToken: async (id) =>
      withRegistryLock(registryDir, () => {
        const list = tokens();
        const t = list.find((x) => x.id === id && !x.revokedAt);
        if (t) t.revokedAt = new Date().toISOString();
        writeTokens(list);
        return Boolean(t);
      }),
    tokenByHash: async (hash) => tokens().find((t) => t.hash === hash && !t.revokedAt) ?? null,
    recordHealthVote: async (vote) => recordHealthVote(registryDir, vote),
    setHealthStatus: async (o) => setHealthStatus(registryDir, o),
    unhealthyVersions: async (remote) => unhealthyVersions(registryDir, remote),
    healthOf: async (remote) =>
      Object.fromEntries(
        Object.entries(readHealth(registryDir)[remote] ?? {}).map(([v, h]) => [
          v,
          { ok: h.ok.length, failed: h.failed.length, status: h.status ?? null },
        ]),
      ),
    close: async () => undefined,
  };
}

// node-postgres is CommonJS; loaded only by the PostgreSQL store, so the folder store needs nothing.
const require = createRequire(import.meta.url);
const loadPg = () => require('pg');

const MIGRATION = `
  CREATE TABLE IF NOT EXISTS registry_release (
    release integer PRIMARY KEY,
    manifest jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS registry_version (
    remote text NOT NULL,
    version text NOT NULL,
    descriptor jsonb NOT NULL,
    stored_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (remote, version)
  );
  CREATE TABLE IF NOT EXISTS registry_log (
    id bigserial PRIMARY KEY,
    line jsonb NOT NULL
  );
  CREATE TABLE IF NOT EXISTS registry_token (
    id text PRIMARY KEY,
    team text NOT NULL,
    slices text[] NOT NULL,
    admin boolean NOT NULL DEFAULT false,
    hash text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz
  );
  CREATE TABLE IF NOT EXISTS registry_health_vote (
    remote text NOT NULL,
    version text NOT NULL,
    session text NOT NULL,
    failed boolean NOT NULL,
    at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (remote, version, session)
  );
  CREATE TABLE IF NOT EXISTS registry_health (
    remote text NOT NULL,
    version text NOT NULL,
    status text NOT NULL,
    reason text NOT NULL DEFAULT '',
    at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (remote, version)
  );`;

const EMPTY = () => ({ release: '0', createdAt: new Date(0).toISOString(), remotes: [] });

/**
 * The PostgreSQL store. Tables are created on start (idempotent, under an advisory lock so two
 * replicas starting together do not race on CREATE TABLE).
 * @param {string} connectionString @returns {Promise<RegistryStore>}
 */
export async function pgStore(connectionString) {
  const { Pool } = loadPg();
  const pool = new Pool({ connectionString, max: 4 });
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('rendime-registry-migrate'))");
    await client.query(MIGRATION);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  } finally {
    client.release();
  }
  // A row that is not a release manifest (written by hand, or by a bug) is skipped: every replica
  // then serves the same last good release, a new replica too, and the service can still roll
  // back (issue 27: a corrupt manifest serves the last good release).
  /** @type {number | null} */
  let reportedBad = null;
  const latest = async (/** @type {Queryable} */ q) => {
    const rows = (await q.query('SELECT release, manifest FROM registry_release ORDER BY release DESC LIMIT 50')).rows;
    const good = rows.find((/** @type {{ manifest: unknown }} */ r) => isManifestEnvelope(r.manifest));
    if (rows.length > 0 && rows[0] !== good && reportedBad !== rows[0].release) {
      reportedBad = rows[0].release;
      console.error(
        `[registry] release ${rows[0].release} in the store is not a release manifest; serving release ${good?.release ?? 'none'} (the last good one)`,
      );
    }
    return good?.manifest ?? EMPTY();
  };
  /** The newest release number, good or not: the next release comes after it (the primary key is the compare-and-swap). */
  const newestRelease = async (/** @type {Queryable} */ q) =>
    Number((await q.query('SELECT max(release) AS n FROM registry_release')).rows[0]?.n ?? 0);
  const line = (
    /** @type {Omit<Parameters<typeof logLine>[0], 'release'> & { who?: string }} */ entry,
    /** @type {string | number} */ release,
  ) => logLine({ ...entry, release: String(release) }, entry.who ?? entry.team ?? 'unknown');
  return {
    kind: 'postgres',
    readManifest: () => latest(pool),
    hasVersion: async (remote, version) =>
      (await pool.query('SELECT 1 FROM registry_version WHERE remote = $1 AND version = $2', [remote, version])).rowCount > 0,
    commit: async ({ expectRelease, log, version }, change) => {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        const manifest = await latest(c);
        if (expectRelease !== undefined && expectRelease !== null && String(expectRelease) !== String(manifest.release)) {
          throw new RegistryError(
            `the manifest changed meanwhile: release ${manifest.release}, expected ${expectRelease}; nothing was changed`,
            'CONFLICT',
          );
        }
        const { remotes, logEntry } = change(manifest);
        remotes.sort((a, b) => a.name.localeCompare(b.name));
        const release = Math.max(Number(manifest.release || 0), await newestRelease(c)) + 1;
        const next = { release: String(release), createdAt: new Date().toISOString(), remotes };
        if (version) {
          await c.query('INSERT INTO registry_version (remote, version, descriptor) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
            version.remote,
            version.version,
            version.descriptor,
          ]);
        }
        try {
          await c.query('INSERT INTO registry_release (release, manifest) VALUES ($1, $2)', [release, next]);
        } catch (e) {
          // The primary key is the compare-and-swap: someone else committed this release number.
          if (/** @type {any} */ (e).code === '23505')
            throw new RegistryError(`release ${release} was made by someone else meanwhile; nothing was changed`, 'CONFLICT');
          throw e;
        }
        await c.query('INSERT INTO registry_log (line) VALUES ($1)', [line({ ...logEntry, ...log }, release)]);
        await c.query('COMMIT');
        return next;
      } catch (e) {
        await c.query('ROLLBACK');
        throw e;
      } finally {
        c.release();
      }
    },
    log: async (entry) => {
      const m = await latest(pool);
      await pool.query('INSERT INTO registry_log (line) VALUES ($1)', [line(entry, m.release)]);
    },
    readLog: async (remote) =>
      (await pool.query('SELECT line FROM registry_log ORDER BY id')).rows
        .map((/** @type {{ line: LogLine }} */ r) => r.line)
        .filter((/** @type {LogLine} */ l) => !remote || l.remote === remote),
    addToken: async (t) => {
      await pool.query('INSERT INTO registry_token (id, team, slices, admin, hash) VALUES ($1, $2, $3, $4, $5)', [
        t.id,
        t.team,
        t.slices,
        t.admin,
        t.hash,
      ]);
    },
    revokeToken: async (id) =>
      (await pool.query('UPDATE registry_token SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [id])).rowCount > 0,
    tokenByHash: async (hash) => {
      const r = (
        await pool.query('SELECT id, team, slices, admin, hash FROM registry_token WHERE hash = $1 AND revoked_at IS NULL', [hash])
      ).rows[0];
      return r ?? null;
    },
    recordHealthVote: async ({ remote, version, session, failed }) => {
      // One row per session and version; a failure sticks, as in the folder store.
      await pool.query(
        `INSERT INTO registry_health_vote (remote, version, session, failed) VALUES ($1, $2, $3, $4)
         ON CONFLICT (remote, version, session) DO UPDATE SET failed = registry_health_vote.failed OR excluded.failed, at = now()`,
        [remote, version, session, failed],
      );
      const r = (
        await pool.query(
          `SELECT count(*) FILTER (WHERE NOT failed)::int AS ok, count(*) FILTER (WHERE failed)::int AS failed,
                  (SELECT status FROM registry_health h WHERE h.remote = $1 AND h.version = $2) AS status
             FROM registry_health_vote WHERE remote = $1 AND version = $2`,
          [remote, version],
        )
      ).rows[0];
      return { ok: r.ok, failed: r.failed, status: r.status ?? null };
    },
    setHealthStatus: async ({ remote, version, status, reason = '' }) =>
      (
        await pool.query(
          `INSERT INTO registry_health (remote, version, status, reason) VALUES ($1, $2, $3, $4)
           ON CONFLICT (remote, version) DO UPDATE SET status = excluded.status, reason = excluded.reason, at = now()
           WHERE registry_health.status <> excluded.status`,
          [remote, version, status, reason],
        )
      ).rowCount > 0,
    unhealthyVersions: async (remote) =>
      new Set(
        (await pool.query("SELECT version FROM registry_health WHERE remote = $1 AND status = 'unhealthy'", [remote])).rows.map(
          (/** @type {{ version: string }} */ r) => r.version,
        ),
      ),
    healthOf: async (remote) => {
      const rows = (
        await pool.query(
          `SELECT v.version, count(*) FILTER (WHERE NOT v.failed)::int AS ok, count(*) FILTER (WHERE v.failed)::int AS failed, h.status
             FROM registry_health_vote v LEFT JOIN registry_health h ON h.remote = v.remote AND h.version = v.version
            WHERE v.remote = $1 GROUP BY v.version, h.status`,
          [remote],
        )
      ).rows;
      return Object.fromEntries(
        rows.map((/** @type {{ version: string, ok: number, failed: number, status: string | null }} */ r) => [
          r.version,
          { ok: r.ok, failed: r.failed, status: r.status ?? null },
        ]),
      );
    },
    close: () => pool.end(),
  };
}

/**
 * The envelope of a release manifest (the shell checks the same, servers.mjs): a release name and
 * a list of remote objects; a bad entry inside only drops its slice later.
 * @param {unknown} m
 */
function isManifestEnvelope(m) {
  const o = /** @type {any} */ (m);
  return (
    typeof o === 'object' &&
    o !== null &&
    !Array.isArray(o) &&
    typeof o.release === 'string' &&
    o.release.length > 0 &&
    Array.isArray(o.remotes) &&
    o.remotes.every((/** @type {unknown} */ r) => typeof r === 'object' && r !== null)
  );
}

/**
 * The store the environment names: DATABASE_URL-style `RENDIME_REGISTRY_DATABASE_URL`, else the folder.
 * @param {{ databaseUrl?: string, registryDir: string }} o
 */
export async function storeFromEnv({ databaseUrl = process.env.RENDIME_REGISTRY_DATABASE_URL, registryDir }) {
  return databaseUrl ? pgStore(databaseUrl) : folderStore(registryDir);
}
