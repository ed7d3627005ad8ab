// Health-aware releases (issue 27, ADR 0040). A version's health comes from the browsers' load and
// mount reports, counted once per release session; a canary goes to a share of sessions, chosen
// from the session id so one session stays on one release set, and the reports promote it or roll
// it back. Who acts here is the platform itself: its log lines say `who: "health"`.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { MAX_FALLBACKS, RegistryError } from './registry.mjs';

/** @typedef {import('./registry.mjs').ManifestRemote} ManifestRemote */
/** @typedef {import('./registry.mjs').ManifestFallback} ManifestFallback */
/** @typedef {import('./registry-store.mjs').RegistryStore} RegistryStore */

/** The release session cookie: which release set a visitor's pages come from while it lasts. */
export const RELEASE_SESSION_COOKIE = 'rendime_rs';
export const HEALTH_WHO = 'health';

/**
 * The thresholds. A verdict needs `minSessions` distinct sessions reporting a version; more than
 * `maxFailureRate` of them failing makes it unhealthy (a canary is then rolled back). A canary is
 * promoted once `promoteOkSessions` sessions mounted it with the failure rate under the threshold,
 * or once it has run `promoteAfterMs` with at least `minSessions` reports and that rate. Reports are
 * limited per client address (`reportsPerMinute`), and one client address counts for at most
 * `sessionsPerClient` sessions per version, so minting session cookies from one machine cannot
 * outvote real visitors. Promotion by reports is off unless `autoPromote` (RENDIME_HEALTH_AUTO_PROMOTE=1):
 * many machines can still forge "ok" reports, and a forged promotion would reach every visitor.
 */
export const HEALTH_DEFAULTS = Object.freeze({
  minSessions: 5,
  maxFailureRate: 0.2,
  promoteOkSessions: 20,
  promoteAfterMs: 30 * 60_000,
  reportsPerMinute: 30,
  sessionsPerClient: 3,
  sessionMaxAgeS: 12 * 3600,
  // Reports are anonymous and cheap to forge from many addresses: off by default, they may roll a
  // canary back (towards the version already trusted) but never make it everyone's. The team
  // promotes with `activate` once `GET /remotes/:r/health` shows it healthy.
  autoPromote: /** @type {boolean} */ (false),
});

/**
 * The thresholds, each overridable from the environment (RENDIME_HEALTH_MIN_SESSIONS, ...).
 * @param {Record<string, string | undefined>} [env] @param {Partial<import('./release-health.types.mjs').HealthSettings>} [over]
 * @returns {import('./release-health.types.mjs').HealthSettings}
 */
export function healthSettings(env = process.env, over = {}) {
  const num = (/** @type {string} */ name, /** @type {number} */ fallback) => {
    const v = env[name];
    return v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : fallback;
  };
  return {
    minSessions: num('RENDIME_HEALTH_MIN_SESSIONS', HEALTH_DEFAULTS.minSessions),
    maxFailureRate: num('RENDIME_HEALTH_MAX_FAILURE_RATE', HEALTH_DEFAULTS.maxFailureRate),
    promoteOkSessions: num('RENDIME_HEALTH_PROMOTE_OK_SESSIONS', HEALTH_DEFAULTS.promoteOkSessions),
    promoteAfterMs: num('RENDIME_HEALTH_PROMOTE_AFTER_MS', HEALTH_DEFAULTS.promoteAfterMs),
    reportsPerMinute: num('RENDIME_HEALTH_REPORTS_PER_MINUTE', HEALTH_DEFAULTS.reportsPerMinute),
    sessionsPerClient: num('RENDIME_HEALTH_SESSIONS_PER_CLIENT', HEALTH_DEFAULTS.sessionsPerClient),
    sessionMaxAgeS: HEALTH_DEFAULTS.sessionMaxAgeS,
    autoPromote: env.RENDIME_HEALTH_AUTO_PROMOTE === '1' || HEALTH_DEFAULTS.autoPromote,
    ...over,
  };
}

/** @type {any} */
let reportSchema = null;
/**
 * The browser's report: the kernel's own RemoteLoadReport schema, the one the shell sends with
 * (ADR 0036: one copy of a contract), loaded on the first report (through tsx, as the gate does).
 * @returns {import('zod').ZodType<import('./release-health.types.mjs').HealthReportBody>}
 */
export function healthReportSchema() {
  reportSchema ??= createRequire(import.meta.url)('../../build/kernel-descriptor.cjs').remoteLoadReportSchema();
  return reportSchema;
}

/** A readable one-liner of what was wrong with a body. @param {import('zod').ZodError} error */
export function issuesText(error) {
  return error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
}

// ---------------------------------------------------------------------------------------------
// Release sessions

const sign = (/** @type {string} */ id, /** @type {string} */ secret) =>
  crypto.createHmac('sha256', secret).update(id).digest('base64url').slice(0, 22);

/**
 * A new signed session id: `<random>.<hmac>`; only the page host that knows the secret makes them.
 * @param {string} secret
 */
export function newReleaseSession(secret) {
  const id = crypto.randomBytes(16).toString('base64url');
  return `${id}.${sign(id, secret)}`;
}

/**
 * The session id when `value` is one this host signed, else null.
 * @param {string | undefined | null} value @param {string} secret
 */
export function verifyReleaseSession(value, secret) {
  const m = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(String(value ?? ''));
  if (!m) return null;
  const expected = Buffer.from(sign(m[1], secret));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? m[1] : null;
}

/**
 * The release session cookie's value from a Cookie header, or undefined.
 * @param {string | undefined} cookieHeader
 */
export function releaseSessionCookie(cookieHeader) {
  return new RegExp(`(?:^|;\\s*)${RELEASE_SESSION_COOKIE}=([^;]+)`).exec(String(cookieHeader ?? ''))?.[1];
}

/**
 * Whether a session gets a remote's canary: a stable function of the session id and the remote, so
 * the answer never changes while the session lasts (and raising the percent only adds sessions).
 * @param {string | null} sessionId @param {string} remote @param {number} percent
 */
export function inCanary(sessionId, remote, percent) {
  if (!sessionId || sessionId.startsWith('anon:')) return false;
  const n = crypto.createHash('sha256').update(`${remote}:${sessionId}`).digest().readUInt32BE(0);
  return (n / 0x1_0000_0000) * 100 < percent;
}

/**
 * The manifest a session's pages load: for each remote with a canary, the canary's entry (marked
 * `canary`, with the live version as its first fallback) for sessions in its share, the live entry
 * for the others. `canaryRelease` never reaches the browser. The page's HTML (preloads, snapshot)
 * and the shell's manifest request resolve the same way, so one page never mixes releases.
 * @param {import('./registry.types.mjs').Manifest} manifest @param {string | null} sessionId
 * @returns {import('./registry.types.mjs').Manifest}
 */
export function manifestForSession(manifest, sessionId) {
  if (!manifest?.remotes?.some((/** @type {any} */ r) => r?.canaryRelease)) return manifest;
  return {
    ...manifest,
    remotes: manifest.remotes.map((/** @type {ManifestRemote} */ r) => {
      if (!r?.canaryRelease) return r;
      const { canaryRelease, ...live } = r;
      if (!inCanary(sessionId, r.name, canaryRelease.percent)) return live;
      const fallbacks = [{ version: live.version, entry: live.entry }, ...(live.fallbacks ?? [])]
        .filter((f) => f.version !== canaryRelease.version)
        .slice(0, MAX_FALLBACKS);
      return { ...canaryRelease.entry, canary: true, fallbacks };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Verdicts and what follows from them

/**
 * 'unknown' below `minSessions` reporting sessions; else 'unhealthy' past the failure rate, or 'healthy'.
 * @param {{ ok: number, failed: number }} tally @param {import('./release-health.types.mjs').HealthSettings} [settings]
 */
export function verdict({ ok, failed }, settings = HEALTH_DEFAULTS) {
  const total = ok + failed;
  if (total < settings.minSessions) return 'unknown';
  return failed / total > settings.maxFailureRate ? 'unhealthy' : 'healthy';
}

const pct = (/** @type {number} */ x) => `${Math.round(x * 100)} %`;
const tallyText = (/** @type {{ ok: number, failed: number }} */ { ok, failed }) => `${failed} of ${ok + failed} sessions failed`;

/**
 * Counts one browser report and acts on the verdict. A report counts only from a session that was
 * served that version (its canary or live entry, or one of that entry's fallbacks), once per session
 * and version. A canary past the failure rate is rolled back; a healthy one promoted; any other
 * version past it is marked unhealthy (dropped from the fallbacks; rollback skips it). The live
 * version itself is never rolled back by reports: a forged storm can at most end a canary.
 * @param {import('./registry-store.mjs').RegistryStore} store
 * @param {{ report: import('./release-health.types.mjs').HealthReportBody, session: string, settings?: ReturnType<typeof healthSettings>, now?: number }} o
 * @returns {Promise<{ counted: boolean, why?: string, tally?: { ok: number, failed: number }, action?: string }>}
 */
export async function recordReport(store, { report, session, settings = healthSettings(), now = Date.now() }) {
  const manifest = await store.readManifest();
  /** @type {ManifestRemote | undefined} */
  const served = manifestForSession(manifest, session).remotes.find((/** @type {ManifestRemote} */ r) => r.name === report.remote);
  const servedVersions = served ? [served.version, ...(served.fallbacks ?? []).map((f) => f.version)] : [];
  if (!servedVersions.includes(report.version))
    return { counted: false, why: `${report.remote}@${report.version} is not served to this session` };
  // An `ok` names the version that mounted; only its own good mount counts for it.
  const failed = report.outcome !== 'ok';
  if (!failed && report.servedVersion !== report.version) return { counted: false, why: 'an ok report for another version' };
  const live = manifest.remotes.find((r) => r.name === report.remote);
  const canary = live?.canaryRelease?.version === report.version ? live.canaryRelease : null;
  // Outside a canary there is no failure rate (good mounts are not reported), so only a mount that
  // threw counts against a build: a load failure or a timeout there is as often a host or a network
  // as the build, and five of them in a busy hour must not disqualify a version everyone runs.
  if (!canary && report.outcome !== 'mount' && report.outcome !== 'ok')
    return { counted: false, why: `a ${report.outcome} failure outside a canary is not held against the build` };
  const tally = await store.recordHealthVote({ remote: report.remote, version: report.version, session, failed });
  const v = verdict(tally, settings);
  const reason = `${tallyText(tally)} (threshold ${pct(settings.maxFailureRate)} of at least ${settings.minSessions})`;
  if (v === 'unhealthy') {
    const first = await store.setHealthStatus({ remote: report.remote, version: report.version, status: 'unhealthy', reason });
    if (canary)
      return {
        counted: true,
        tally,
        action: (await endCanaryFor(store, report.remote, report.version, 'canary-rollback', reason)) ? 'canary-rollback' : 'none',
      };
    if (!first) return { counted: true, tally };
    if (live && live.fallbacks?.some((f) => f.version === report.version)) {
      await changeLive(
        store,
        report.remote,
        (/** @type {ManifestRemote} */ entry) =>
          entry.fallbacks?.some((f) => f.version === report.version)
            ? { ...entry, fallbacks: entry.fallbacks.filter((f) => f.version !== report.version) }
            : null,
        {
          action: 'unhealthy',
          version: report.version,
          reason: `${reason}; dropped from the fallbacks`,
        },
      );
    } else {
      await store.log({ action: 'unhealthy', remote: report.remote, version: report.version, who: HEALTH_WHO, reason });
    }
    return { counted: true, tally, action: 'unhealthy' };
  }
  if (
    canary &&
    v === 'healthy' &&
    settings.autoPromote &&
    (tally.ok >= settings.promoteOkSessions || now - Date.parse(canary.since) >= settings.promoteAfterMs)
  ) {
    await store.setHealthStatus({ remote: report.remote, version: report.version, status: 'healthy', reason: tallyText(tally) });
    const promoted = await promoteCanary(store, report.remote, report.version, `healthy: ${tallyText(tally)}`);
    return { counted: true, tally, action: promoted ? 'promote' : 'none' };
  }
  return { counted: true, tally };
}

/**
 * Commits a change of one remote's live entry as the platform (`who: health`). `change` gets the
 * entry as it is in the release being changed and returns the new one, or null when there is
 * nothing to do any more (another replica acted first): then no release is made.
 */
/**
 * @param {RegistryStore} store @param {string} remote @param {(entry: ManifestRemote) => ManifestRemote | null} change
 * @param {{ action: string, version: string, reason: string, previousVersion?: string }} o
 */
async function changeLive(store, remote, change, { action, version, reason, previousVersion }) {
  try {
    await store.commit({ log: { who: HEALTH_WHO, reason } }, (m) => {
      const entry = m.remotes.find((r) => r.name === remote);
      const next = entry ? change(entry) : null;
      if (!next) throw new RegistryError('nothing to change', 'NOOP');
      return {
        remotes: [...m.remotes.filter((r) => r.name !== remote), next],
        logEntry: { action, remote, version, previousVersion: previousVersion ?? entry?.version ?? null },
      };
    });
    return true;
  } catch (e) {
    if (e instanceof RegistryError && (e.code === 'NOOP' || e.code === 'CONFLICT')) return false;
    throw e;
  }
}

/** @param {RegistryStore} store @param {string} remote @param {string} version @param {string} action @param {string} reason */
async function endCanaryFor(store, remote, version, action, reason) {
  return changeLive(
    store,
    remote,
    (entry) => {
      if (entry.canaryRelease?.version !== version) return null;
      const { canaryRelease: _gone, ...rest } = entry;
      return rest;
    },
    { action, version, reason },
  );
}

/** @param {RegistryStore} store @param {string} remote @param {string} version @param {string} reason */
async function promoteCanary(store, remote, version, reason) {
  const unhealthy = await store.unhealthyVersions(remote);
  /** @type {string | null} */
  let from = null;
  const done = await changeLive(
    store,
    remote,
    (entry) => {
      if (entry.canaryRelease?.version !== version) return null;
      const { canaryRelease, ...live } = entry;
      from = live.version;
      /** @type {ManifestFallback[]} */
      const fallbacks = [{ version: live.version, entry: live.entry }, ...(live.fallbacks ?? [])].filter(
        (f, i, all) => f.version !== version && !unhealthy.has(f.version) && all.findIndex((x) => x.version === f.version) === i,
      );
      return { ...canaryRelease.entry, fallbacks: fallbacks.slice(0, MAX_FALLBACKS) };
    },
    { action: 'promote', version, reason },
  );
  return done && from !== null;
}

// ---------------------------------------------------------------------------------------------
// The page host's guard against report floods

/**
 * Per client address: at most `reportsPerMinute` reports, and at most `sessionsPerClient` sessions
 * voting on one version. In memory, per page host process: a cheap first barrier, not an account.
 * @param {import('./release-health.types.mjs').HealthSettings} settings
 */
export function reportLimiter(settings) {
  /** @type {Map<string, { start: number, count: number }>} */
  const windows = new Map();
  /** @type {Map<string, Set<string>>} */
  const voters = new Map();
  return {
    /** False when this client has sent too many reports this minute. @param {string} client @param {number} [now] */
    allow(client, now = Date.now()) {
      if (windows.size > 10_000) for (const [k, w] of windows) if (now - w.start >= 60_000) windows.delete(k);
      const w = windows.get(client);
      if (!w || now - w.start >= 60_000) {
        windows.set(client, { start: now, count: 1 });
        return true;
      }
      w.count += 1;
      return w.count <= settings.reportsPerMinute;
    },
    /**
     * False when this client already spoke for `sessionsPerClient` other sessions on this version.
     * @param {string} client @param {string} remote @param {string} version @param {string} session
     */
    mayVote(client, remote, version, session) {
      if (voters.size > 10_000) voters.clear();
      const key = `${client}\n${remote}\n${version}`;
      const set = voters.get(key) ?? new Set();
      voters.set(key, set);
      if (set.has(session)) return true;
      if (set.size >= settings.sessionsPerClient) return false;
      set.add(session);
      return true;
    },
  };
}
