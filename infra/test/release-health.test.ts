import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Health-aware releases (issue 27, ADR 0040) on both stores behind RegistryStore: the folder the
// local platform uses and PostgreSQL (a database of its own per run, dropped afterwards). Reports
// count once per release session, only from sessions that were served the version; a canary past
// the failure rate is rolled back by "health", a healthy one promoted; rollback and fallbacks never
// choose a version reported unhealthy.

type Health = typeof import('../scripts/lib/release-health.mjs');
type Stores = typeof import('../scripts/lib/registry-store.mjs');
type Registry = typeof import('../scripts/lib/registry.mjs');
type Store = import('../scripts/lib/registry-store.mjs').RegistryStore;
type Manifest = import('../scripts/lib/registry.mjs').Manifest;
type Remote = import('../scripts/lib/registry.mjs').ManifestRemote;
let health: Health;
let stores: Stores;
let registry: Registry;

const PG_ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = `rendime_health_test_${process.pid}`;
interface PgClient {
  connect(): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<unknown>;
  end(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Client } = require('pg') as { Client: new (o: { connectionString: string }) => PgClient };
async function admin<T>(fn: (c: PgClient) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  health = await import('../scripts/lib/release-health.mjs');
  stores = await import('../scripts/lib/registry-store.mjs');
  registry = await import('../scripts/lib/registry.mjs');
  await admin((c) => c.query(`CREATE DATABASE ${PG_DB}`));
});
afterAll(async () => {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`));
});

const entry = (name: string, version: string, fallbacks: { version: string; entry: string }[] = []): Remote => ({
  name,
  scope: name.replace('-', '_'),
  version,
  entry: `https://cdn.example.test/${name}/${version}/mf-manifest.json`,
  routes: ['/public'],
  nav: [],
  widgets: {},
  embeds: {},
  events: {},
  devPort: 3001,
  shared: {},
  fallbacks,
});
const fb = (name: string, version: string) => ({ version, entry: `https://cdn.example.test/${name}/${version}/mf-manifest.json` });
const SETTINGS = {
  minSessions: 5,
  maxFailureRate: 0.2,
  promoteOkSessions: 6,
  promoteAfterMs: 3_600_000,
  reportsPerMinute: 30,
  sessionsPerClient: 3,
  sessionMaxAgeS: 60,
  autoPromote: true,
};
const report = (version: string, outcome: 'ok' | 'mount' | 'load', servedVersion: string | null = version) => ({
  remote: 'mf-public',
  version,
  outcome,
  servedVersion,
  durationMs: 10,
  message: '',
  path: '/public',
  release: '2',
});

/** Session ids (as the page host would issue) on the canary's side, or not, of `percent`. */
function sessions(inCanary: boolean, count: number, percent = 30): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) {
    const id = `session-${i}`.padEnd(22, 'x');
    if (health.inCanary(id, 'mf-public', percent) === inCanary) out.push(id);
  }
  return out;
}

describe.each([
  ['folder', async () => stores.folderStore(fs.mkdtempSync(path.join(os.tmpdir(), 'rendime-health-')))],
  [
    'postgres',
    async () => {
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${PG_DB}`;
      const store = await stores.pgStore(url.toString());
      // Each test starts from an empty registry.
      const c = new Client({ connectionString: url.toString() });
      await c.connect();
      await c.query('TRUNCATE registry_release, registry_version, registry_log, registry_token, registry_health_vote, registry_health');
      await c.end();
      return store;
    },
  ],
] as const)('release health on the %s store', (_kind, open) => {
  let store: Store;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  /** A release with mf-public live at 1.0.0+good (fallback 0.9.0+old) and, with `canary`, 1.1.0+new to 30 % of sessions. */
  async function release({ canary = true } = {}): Promise<Manifest> {
    const live = entry('mf-public', '1.0.0+good', [fb('mf-public', '0.9.0+old')]);
    return store.commit({ log: { who: 'public' } }, () => ({
      remotes: [canary ? registry.withCanary(live, entry('mf-public', '1.1.0+new'), 30) : live],
      logEntry: { action: canary ? 'canary' : 'activate', remote: 'mf-public', version: canary ? '1.1.0+new' : '1.0.0+good' },
    }));
  }
  const liveEntry = async () => (await store.readManifest()).remotes.find((r) => r.name === 'mf-public')!;

  test('a canary whose mount fails is rolled back by "health" once 5 of its sessions reported, past 20 %; each session counts once', async () => {
    await release();
    const canarySessions = sessions(true, 5);
    // Reports about the canary from sessions that were never served it do not count.
    for (const s of sessions(false, 6)) {
      expect(
        await health.recordReport(store, { report: report('1.1.0+new', 'mount', '1.0.0+good'), session: s, settings: SETTINGS }),
      ).toEqual(expect.objectContaining({ counted: false }));
    }
    // The same session reporting again is one session.
    for (let i = 0; i < 3; i++)
      await health.recordReport(store, {
        report: report('1.1.0+new', 'mount', '1.0.0+good'),
        session: canarySessions[0],
        settings: SETTINGS,
      });
    for (const s of canarySessions.slice(1, 4))
      await health.recordReport(store, { report: report('1.1.0+new', 'mount', '1.0.0+good'), session: s, settings: SETTINGS });
    expect((await liveEntry()).canaryRelease?.version).toBe('1.1.0+new');

    const fifth = await health.recordReport(store, {
      report: report('1.1.0+new', 'mount', '1.0.0+good'),
      session: canarySessions[4],
      settings: SETTINGS,
    });
    expect(fifth).toEqual({ counted: true, tally: expect.objectContaining({ ok: 0, failed: 5 }), action: 'canary-rollback' });
    const live = await liveEntry();
    expect(live.version).toBe('1.0.0+good');
    expect(live.canaryRelease).toBeUndefined();
    // Every session, canary or not, is served the good version now.
    for (const s of [...canarySessions, ...sessions(false, 2)])
      expect(health.manifestForSession(await store.readManifest(), s).remotes[0].version).toBe('1.0.0+good');
    expect([...(await store.unhealthyVersions('mf-public'))]).toEqual(['1.1.0+new']);
    expect((await store.readLog('mf-public')).at(-1)).toEqual(
      expect.objectContaining({
        action: 'canary-rollback',
        who: 'health',
        version: '1.1.0+new',
        previousVersion: '1.0.0+good',
        reason: expect.stringContaining('5 of 5 sessions failed'),
      }),
    );
  });

  test('a canary mounting well in most sessions is promoted by "health"; the previous live version becomes its first fallback', async () => {
    await release();
    const [bad, ...good] = sessions(true, 7);
    await health.recordReport(store, { report: report('1.1.0+new', 'mount', '1.0.0+good'), session: bad, settings: SETTINGS });
    for (const s of good.slice(0, 5))
      await health.recordReport(store, { report: report('1.1.0+new', 'ok'), session: s, settings: SETTINGS });
    // 1 of 6 failed (17 %, under the threshold), but 5 good mounts are not yet the 6 promotion needs.
    expect((await liveEntry()).version).toBe('1.0.0+good');
    const last = await health.recordReport(store, { report: report('1.1.0+new', 'ok'), session: good[5], settings: SETTINGS });
    expect(last.action).toBe('promote');
    const live = await liveEntry();
    expect(live).toEqual(
      expect.objectContaining({ version: '1.1.0+new', fallbacks: [fb('mf-public', '1.0.0+good'), fb('mf-public', '0.9.0+old')] }),
    );
    expect(live.canaryRelease).toBeUndefined();
    expect((await store.readLog('mf-public')).at(-1)).toEqual(
      expect.objectContaining({ action: 'promote', who: 'health', version: '1.1.0+new', previousVersion: '1.0.0+good' }),
    );
    expect((await store.healthOf('mf-public'))['1.1.0+new']).toEqual({ ok: 6, failed: 1, status: 'healthy' });
  });

  test('by default reports never promote a canary: healthy is recorded, the canary stays a canary until the team activates it', async () => {
    await release();
    const defaults = { ...SETTINGS, autoPromote: health.HEALTH_DEFAULTS.autoPromote };
    for (const s of sessions(true, 12))
      await health.recordReport(store, { report: report('1.1.0+new', 'ok'), session: s, settings: defaults });
    const live = await liveEntry();
    expect(live.version).toBe('1.0.0+good');
    expect(live.canaryRelease).toEqual(expect.objectContaining({ version: '1.1.0+new' }));
    expect((await store.readLog('mf-public')).map((l) => l.action)).not.toContain('promote');
  });

  test('a fallback whose mount failed in 5 sessions is marked unhealthy and dropped from the fallbacks; the live version stays', async () => {
    await release({ canary: false });
    // Load failures outside a canary (a host or the network as often as the build) are not held against it.
    for (const s of sessions(false, 6)) {
      expect(await health.recordReport(store, { report: report('0.9.0+old', 'load', null), session: s, settings: SETTINGS })).toEqual(
        expect.objectContaining({ counted: false }),
      );
    }
    expect((await liveEntry()).fallbacks).toEqual([fb('mf-public', '0.9.0+old')]);
    for (const s of sessions(false, 5))
      await health.recordReport(store, { report: report('0.9.0+old', 'mount', null), session: s, settings: SETTINGS });
    const live = await liveEntry();
    expect(live.version).toBe('1.0.0+good');
    expect(live.fallbacks).toEqual([]);
    expect((await store.readLog('mf-public')).at(-1)).toEqual(
      expect.objectContaining({ action: 'unhealthy', who: 'health', version: '0.9.0+old' }),
    );
    // Reports on the live version mark it, never roll it back: a storm of reports ends at most a canary.
    for (const s of sessions(false, 8))
      await health.recordReport(store, { report: report('1.0.0+good', 'mount', null), session: s, settings: SETTINGS });
    expect((await liveEntry()).version).toBe('1.0.0+good');
    expect([...(await store.unhealthyVersions('mf-public'))].sort()).toEqual(['0.9.0+old', '1.0.0+good']);
  });
});

describe('release sessions and canaries', () => {
  test('a session id is signed: a forged or altered cookie is no session', () => {
    const value = health.newReleaseSession('secret-1');
    const id = health.verifyReleaseSession(value, 'secret-1');
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(health.verifyReleaseSession(value, 'secret-2')).toBeNull();
    expect(health.verifyReleaseSession(`${'a'.repeat(22)}.${value.split('.')[1]}`, 'secret-1')).toBeNull();
    expect(health.verifyReleaseSession('nonsense', 'secret-1')).toBeNull();
  });

  test('a canary goes to about its share of sessions, each session always to the same side; the browser never sees canaryRelease', () => {
    const live = entry('mf-public', '1.0.0+good', [fb('mf-public', '0.9.0+old')]);
    const manifest = {
      release: '5',
      createdAt: '',
      remotes: [registry.withCanary(live, entry('mf-public', '1.1.0+new'), 20), entry('mf-booking', '2.0.0+b')],
    };
    const ids = Array.from({ length: 2000 }, (_, i) => `s${i}`.padEnd(22, 'y'));
    const served = ids.map((id) => health.manifestForSession(manifest, id));
    const canaried = served.filter((m) => m.remotes[0].version === '1.1.0+new');
    expect(canaried.length / ids.length).toBeGreaterThan(0.17);
    expect(canaried.length / ids.length).toBeLessThan(0.23);
    expect(ids.every((id, i) => health.manifestForSession(manifest, id).remotes[0].version === served[i].remotes[0].version)).toBe(true);
    expect(canaried[0].remotes[0]).toEqual(
      expect.objectContaining({ canary: true, fallbacks: [fb('mf-public', '1.0.0+good'), fb('mf-public', '0.9.0+old')] }),
    );
    expect(served.every((m) => m.remotes.every((r) => !('canaryRelease' in r)))).toBe(true);
    // No session (a cross-origin reader of the manifest): the live version.
    expect(health.manifestForSession(manifest, null).remotes[0].version).toBe('1.0.0+good');
  });

  test('the report limiter: a client address gets its reports per minute, and speaks for at most a few sessions per version', () => {
    const limiter = health.reportLimiter(SETTINGS);
    const results = Array.from({ length: 31 }, () => limiter.allow('10.0.0.1', 1_000));
    expect(results.filter(Boolean)).toHaveLength(30);
    expect(limiter.allow('10.0.0.2', 1_000)).toBe(true);
    expect(limiter.allow('10.0.0.1', 61_001)).toBe(true);
    expect(['a', 'b', 'c', 'd'].map((s) => limiter.mayVote('10.0.0.1', 'mf-public', '1.1.0', s))).toEqual([true, true, true, false]);
    expect(limiter.mayVote('10.0.0.1', 'mf-public', '1.1.0', 'a')).toBe(true);
    expect(limiter.mayVote('10.0.0.3', 'mf-public', '1.1.0', 'd')).toBe(true);
  });
});

describe('the folder registry (CLI without --registry)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendime-health-cli-'));
    for (const v of ['1.0.0+a', '1.1.0+b', '1.2.0+c']) {
      fs.mkdirSync(path.join(dir, 'mf-public', v), { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'mf-public', v, 'remote-descriptor.json'),
        JSON.stringify({ name: 'mf-public', scope: 'mf_public', version: v, routes: ['/public'], devPort: 3001 }),
      );
    }
  });

  test('rollback never picks a version reported unhealthy, and activate keeps it out of the fallbacks', () => {
    const origin = 'http://127.0.0.1:9/mf-public';
    registry.activate(dir, 'mf-public', '1.0.0+a', origin);
    registry.activate(dir, 'mf-public', '1.1.0+b', origin);
    registry.setHealthStatus(dir, { remote: 'mf-public', version: '1.1.0+b', status: 'unhealthy' });
    const m = registry.activate(dir, 'mf-public', '1.2.0+c', origin);
    expect(m.remotes[0].fallbacks.map((f) => f.version)).toEqual(['1.0.0+a']);
    const back = registry.rollback(dir, 'mf-public', origin);
    expect(back.remotes[0].version).toBe('1.0.0+a');
  });

  test('activate --canary puts the version beside the live one; rollback ends the canary; a bad percent is refused', () => {
    const origin = 'http://127.0.0.1:9/mf-public';
    registry.activate(dir, 'mf-public', '1.0.0+a', origin);
    expect(() => registry.activate(dir, 'mf-public', '1.1.0+b', origin, { canary: 100 })).toThrow('1-99 %');
    const m = registry.activate(dir, 'mf-public', '1.1.0+b', origin, { canary: 10, who: 'dev' });
    expect(m.remotes[0]).toEqual(
      expect.objectContaining({ version: '1.0.0+a', canaryRelease: expect.objectContaining({ version: '1.1.0+b', percent: 10 }) }),
    );
    expect(registry.readLog(dir).at(-1)).toEqual(
      expect.objectContaining({ action: 'canary', version: '1.1.0+b', previousVersion: '1.0.0+a', who: 'dev' }),
    );
    const back = registry.rollback(dir, 'mf-public', origin);
    expect(back.remotes[0].version).toBe('1.0.0+a');
    expect(back.remotes[0].canaryRelease).toBeUndefined();
  });
});

// Issue 27, acceptance 7 on the shared store: a release row that is not a manifest (by hand or by a
// bug) never reaches a shell replica, a new one included, and the service can still roll back.
test('a corrupt release in the PostgreSQL store: every reader gets the last good release, and the next release comes after it', async () => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${PG_DB}`;
  const store = await stores.pgStore(url.toString());
  const c = new Client({ connectionString: url.toString() });
  await c.connect();
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await c.query('TRUNCATE registry_release, registry_version, registry_log, registry_token, registry_health_vote, registry_health');
    const good = await store.commit({ log: { who: 'public' } }, () => ({
      remotes: [entry('mf-public', '1.0.0+good')],
      logEntry: { action: 'activate', remote: 'mf-public', version: '1.0.0+good' },
    }));
    await c.query('INSERT INTO registry_release (release, manifest) VALUES ($1, $2)', [
      Number(good.release) + 1,
      { release: String(Number(good.release) + 1), remotes: null },
    ]);

    // This store and a fresh one (a new replica) both read the last good release.
    expect(await store.readManifest()).toEqual(good);
    const fresh = await stores.pgStore(url.toString());
    expect(await fresh.readManifest()).toEqual(good);
    await fresh.close();
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining(`release ${Number(good.release) + 1} in the store is not a release manifest`),
    );

    // A change goes on from the last good release, numbered after the corrupt one.
    const next = await store.commit({ log: { who: 'public' } }, (m) => ({
      remotes: m.remotes.map((r) => ({ ...r, version: '1.0.1+next' })),
      logEntry: { action: 'activate', remote: 'mf-public', version: '1.0.1+next' },
    }));
    expect(next.release).toBe(String(Number(good.release) + 2));
    expect((await store.readManifest()).remotes[0].version).toBe('1.0.1+next');
  } finally {
    errors.mockRestore();
    await c.end();
    await store.close();
  }
});
