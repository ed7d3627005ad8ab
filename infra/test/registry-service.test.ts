import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { federationFiles } from './support/fake-federation';

// The registry service (ADR 0035) on the folder store: who may release what, and what the log says.
// The PostgreSQL store runs the same routes in e2e/production-topology.e2e.ts.

type Service = typeof import('../scripts/lib/registry-service.mjs');
type Stores = typeof import('../scripts/lib/registry-store.mjs');
type Static = typeof import('../scripts/lib/static-store.mjs');
let service: Service;
let stores: Stores;
let statics: Static;
beforeAll(async () => {
  service = await import('../scripts/lib/registry-service.mjs');
  stores = await import('../scripts/lib/registry-store.mjs');
  statics = await import('../scripts/lib/static-store.mjs');
});

const ADMIN = 'admin-secret-token';
const SHELL = {
  name: 'shell',
  version: '1.0.0',
  shared: { react: '19.3.1', 'react-dom': '19.3.1', zustand: '5.1.0', 'shared-kernel': '2.1.0' },
  kernel: { version: '2.1.0', exports: { 'shared-kernel/ui': ['Button', 'PlatformProvider'] } },
};

function artefact(code: string, name = 'mf-messaging', entryRanges?: Record<string, string>) {
  const descriptor = {
    name,
    scope: name.replace('-', '_'),
    version: '1.0.0',
    routes: [name === 'mf-messaging' ? '/auth/messages' : '/booking'],
    nav: [],
    widgets: {},
    events: {},
    devPort: 3005,
    shared: { react: '^19.3.0', 'react/': '^19.3.0', 'react-dom': '^19.3.0', 'shared-kernel/': '^2.1.0' },
    kernelImports: { 'shared-kernel/ui': ['Button'] },
    contracts: { widgets: { provides: {}, consumes: {} }, events: { emits: {}, listens: {} } },
  };
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const federation = federationFiles(descriptor.scope, descriptor.shared, { entryRanges });
  return [
    { path: 'remote-descriptor.json', data: b64(JSON.stringify(descriptor)) },
    { path: 'mf-manifest.json', data: b64(federation['mf-manifest.json']) },
    { path: 'remoteEntry.js', data: b64(`/* ${code} */${federation['remoteEntry.js']}`) },
  ];
}

let tmp: string;
let app: FastifyInstance;
let smokeRuns: number;
let store: import('../scripts/lib/registry-store.mjs').RegistryStore;
/** What the fake smoke mount was given, and what it answers (the real one runs in e2e/release.e2e.ts). */
let smokeSignedIn: unknown[];
let smokeAnswer: { ok: boolean; problems: string[] };
const SANDBOX = { apiUrl: 'http://127.0.0.1:9/sandbox', username: 'rentija@rendime.ee', password: 'test' };
beforeEach(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rendime-registry-service-'));
  const shellDist = path.join(tmp, 'shell');
  fs.mkdirSync(shellDist);
  fs.writeFileSync(path.join(shellDist, 'shell-descriptor.json'), JSON.stringify(SHELL));
  smokeRuns = 0;
  smokeSignedIn = [];
  smokeAnswer = { ok: true, problems: [] };
  app = await service.buildRegistryService({
    store: (store = stores.folderStore(path.join(tmp, 'registry'))),
    staticStore: statics.folderStaticStore(path.join(tmp, 'static')),
    cdnBase: 'https://cdn.example.test',
    shellDist,
    adminToken: ADMIN,
    smokeMount: async (o) => {
      smokeRuns += 1;
      smokeSignedIn.push(o.signedIn);
      return smokeAnswer;
    },
    signIn: { settings: async () => SANDBOX, stop: async () => undefined },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as import('node:net').AddressInfo).port}`;
});
afterEach(async () => {
  await app.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

let base: string;
/** A real HTTP request (light-my-request's inject does not load under this jest setup). */
async function call({
  method,
  url,
  headers = {},
  payload,
}: {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
  });
  const text = await res.text();
  return { statusCode: res.status, json: () => JSON.parse(text) };
}
const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
async function tokenFor(team: string, slices: string[]): Promise<{ id: string; token: string }> {
  const res = await call({ method: 'POST', url: '/tokens', headers: auth(ADMIN), payload: { team, slices } });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const publish = (
  token: string | undefined,
  code: string,
  extra: object = {},
  remote = 'mf-messaging',
  entryRanges?: Record<string, string>,
) =>
  call({
    method: 'POST',
    url: `/remotes/${remote}/publish`,
    headers: auth(token),
    payload: { files: artefact(code, remote, entryRanges), ...extra },
  });
const manifest = async () =>
  (await call({ method: 'GET', url: '/release-manifest.json' })).json() as {
    release: string;
    remotes: { name: string; version: string; entry: string }[];
  };

test('a team token publishes its own slice through the gate; the entry is on the CDN and the log names the team', async () => {
  const { token } = await tokenFor('messaging', ['mf-messaging']);
  const res = await publish(token, 'v1');
  expect(res.statusCode).toBe(200);
  const { version } = res.json();
  expect(smokeRuns).toBe(1);
  expect((await manifest()).remotes).toEqual([
    expect.objectContaining({ name: 'mf-messaging', version, entry: `https://cdn.example.test/mf-messaging/${version}/mf-manifest.json` }),
  ]);
  expect(fs.existsSync(path.join(tmp, 'static/mf-messaging', version, 'remoteEntry.js'))).toBe(true);
  const log = (await call({ method: 'GET', url: '/log', headers: auth(token) })).json();
  expect(log).toEqual([expect.objectContaining({ action: 'publish', team: 'messaging', who: 'messaging', version })]);
});

test('authorization: no token 401, unknown or revoked 401, another team 403 on every change, admin-only routes 403', async () => {
  const messaging = await tokenFor('messaging', ['mf-messaging']);
  const booking = await tokenFor('booking', ['mf-booking']);
  expect((await publish(messaging.token, 'v1')).statusCode).toBe(200);
  const before = await manifest();

  expect((await publish(undefined, 'v2')).statusCode).toBe(401);
  expect((await publish('not-a-token', 'v2')).statusCode).toBe(401);
  expect((await publish(booking.token, 'v2')).statusCode).toBe(403);
  expect(
    (await call({ method: 'POST', url: '/remotes/mf-messaging/rollback', headers: auth(booking.token), payload: {} })).statusCode,
  ).toBe(403);
  expect(
    (
      await call({
        method: 'POST',
        url: '/remotes/mf-messaging/activate',
        headers: auth(booking.token),
        payload: { version: before.remotes[0].version },
      })
    ).statusCode,
  ).toBe(403);
  expect(
    (await call({ method: 'POST', url: '/tokens', headers: auth(messaging.token), payload: { team: 'x', slices: ['mf-booking'] } }))
      .statusCode,
  ).toBe(403);
  expect((await call({ method: 'GET', url: '/log' })).statusCode).toBe(401);
  expect(await manifest()).toEqual(before);

  expect((await call({ method: 'DELETE', url: `/tokens/${messaging.id}`, headers: auth(ADMIN) })).statusCode).toBe(204);
  expect((await publish(messaging.token, 'v3')).statusCode).toBe(401);

  const log = (await call({ method: 'GET', url: '/log', headers: auth(ADMIN) })).json() as { action: string; team: string }[];
  expect(log.filter((l) => l.action === 'deny').map((l) => l.team)).toEqual(['booking', 'booking', 'booking']);
});

test('the token is checked before the body is read: an anonymous or forged publish is a 401 while its upload is still arriving', async () => {
  const http = await import('node:http');
  const { port } = new URL(base);
  /** Sends the headers and 1 kB of a body announced as 150 MB, and resolves with the status before sending the rest. */
  const halfUpload = (headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        req.destroy();
        reject(new Error('no answer before the body was complete: the service waited for the upload'));
      }, 3000);
      const req = http.request(
        {
          host: '127.0.0.1',
          port: Number(port),
          method: 'POST',
          path: '/remotes/mf-messaging/publish',
          headers: { 'content-type': 'application/json', 'content-length': String(150 * 1024 * 1024), ...headers },
        },
        (res) => {
          clearTimeout(timer);
          resolve(res.statusCode ?? 0);
          res.resume();
          req.destroy();
        },
      );
      req.on('error', (e) => (/socket hang up|ECONNRESET|EPIPE/.test(e.message) ? undefined : reject(e)));
      req.write(`{"files":[{"path":"remoteEntry.js","data":"${'A'.repeat(1000)}`);
    });
  expect(await halfUpload({})).toBe(401);
  expect(await halfUpload(auth('rrt_forged'))).toBe(401);
  // A body the service could not even parse is still a 401, not a 400: the token comes first.
  expect(
    (
      await call({
        method: 'POST',
        url: '/remotes/mf-messaging/publish',
        headers: { 'content-type': 'application/json' },
        payload: undefined,
      })
    ).statusCode,
  ).toBe(401);
  const res = await fetch(`${base}/remotes/mf-messaging/publish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{not json',
  });
  expect(res.status).toBe(401);
  expect(((await res.json()) as { code: string }).code).toBe('NO_TOKEN');
  expect((await manifest()).remotes).toEqual([]);
});

test('skipping the smoke mount: refused for a team, allowed for an administrator and logged as such', async () => {
  const { token } = await tokenFor('messaging', ['mf-messaging']);
  const team = await publish(token, 'v1', { smoke: false });
  expect(team.statusCode).toBe(403);
  expect((await manifest()).remotes).toEqual([]);
  const admin = await publish(ADMIN, 'v1', { smoke: false });
  expect(admin.statusCode).toBe(200);
  expect(smokeRuns).toBe(0);
  const log = (await call({ method: 'GET', url: '/log', headers: auth(ADMIN) })).json() as {
    action: string;
    team: string;
    noSmoke?: boolean;
  }[];
  expect(log.at(-1)).toEqual(expect.objectContaining({ action: 'publish', team: 'admin', noSmoke: true }));
});

test('bad input: unknown slice, a path leaving the build, a bad token request, the same build twice, nothing to roll back', async () => {
  const { token } = await tokenFor('messaging', ['mf-messaging']);
  expect((await publish(ADMIN, 'v1', {}, 'mf-nothing')).statusCode).toBe(404);
  const escape = await call({
    method: 'POST',
    url: '/remotes/mf-messaging/publish',
    headers: auth(token),
    payload: { files: [{ path: '../evil.js', data: 'eA==' }] },
  });
  expect(escape.statusCode).toBe(400);
  expect(fs.existsSync(path.join(os.tmpdir(), 'evil.js'))).toBe(false);
  expect(
    (await call({ method: 'POST', url: '/tokens', headers: auth(ADMIN), payload: { team: 'X Y', slices: ['mf-nope'] } })).statusCode,
  ).toBe(400);
  expect((await publish(token, 'v1')).statusCode).toBe(200);
  expect((await publish(token, 'v1')).statusCode).toBe(409);
  expect((await call({ method: 'POST', url: '/remotes/mf-messaging/rollback', headers: auth(token), payload: {} })).statusCode).toBe(409);
});

test('bad bytes are a 400 that names the field, never a 500, and change nothing: NUL in a version, a path or a reason; a path both file and folder', async () => {
  const { token } = await tokenFor('messaging', ['mf-messaging']);
  const v1 = (await publish(token, 'v1')).json().version;
  const before = await manifest();
  const storedBefore = fs.readdirSync(path.join(tmp, 'static/mf-messaging'));
  const good = artefact('v2');
  const publishFiles = (files: unknown, extra: object = {}) =>
    call({ method: 'POST', url: '/remotes/mf-messaging/publish', headers: auth(token), payload: { files, ...extra } });
  const cases: [Promise<{ statusCode: number; json: () => { message: string } }>, string][] = [
    // PostgreSQL refuses a NUL byte in text; the folder store would look for a folder of that name.
    [activate(token, { version: '1.0.0\u0000x' }), 'version: must be a version such as 1.4.0+0a1b2c3d4e'],
    [activate(token, { version: `${v1}/../../x` }), 'version: must be a version'],
    [activate(token, { version: v1, reason: 'oops\u0000' }), 'reason: must not contain control characters'],
    [
      call({ method: 'POST', url: '/remotes/mf-messaging/rollback', headers: auth(token), payload: { reason: '\u0000' } }),
      'reason: must not contain control characters',
    ],
    // The file system refuses a NUL in a path; a path that is a file and a folder at once fails with EEXIST.
    [publishFiles([...good, { path: 'a\u0000b', data: 'eA==' }]), 'files.3.path: must not contain control characters'],
    [publishFiles([...good, { path: 'a/b', data: 'eA==' }, { path: 'a/b/c', data: 'eA==' }]), 'a/b is both a file and the folder of a/b/c'],
    [
      publishFiles([...good, { path: 'a/b/c', data: 'eA==' }, { path: 'a/./b', data: 'eA==' }]),
      'a/b is both a file and the folder of a/b/c',
    ],
    [publishFiles([...good, { path: 'remoteEntry.js', data: 'eA==' }]), 'remoteEntry.js is listed twice'],
    [publishFiles([...good, { path: `${'x'.repeat(300)}.js`, data: 'eA==' }]), 'has a name longer than 200 bytes'],
    [publishFiles([{ path: 42, data: 'eA==' }]), 'files.0.path: must be a relative file path'],
    [publishFiles('nope'), 'files: must be a list of { path, data }'],
    [publishFiles([]), 'files: the artefact has no files'],
    [publishFiles(good, { reason: 'x\u0000' }), 'reason: must not contain control characters'],
    [publishFiles(good, { smoke: 'no' }), 'smoke: must be true or false'],
  ];
  for (const [request, message] of cases) {
    const res = await request;
    const body = res.json();
    expect({ message, status: res.statusCode }).toEqual({ message, status: 400 });
    expect(body.message).toContain(message);
  }
  expect(await manifest()).toEqual(before);
  expect(fs.readdirSync(path.join(tmp, 'static/mf-messaging'))).toEqual(storedBefore);
  expect(smokeRuns).toBe(1);
});

test('rollback returns the earlier version; a stale expected release is a conflict and changes nothing', async () => {
  const { token } = await tokenFor('messaging', ['mf-messaging']);
  const v1 = (await publish(token, 'v1')).json().version;
  const v2 = (await publish(token, 'v2')).json().version;
  expect((await manifest()).remotes[0].version).toBe(v2);
  const stale = await call({
    method: 'POST',
    url: '/remotes/mf-messaging/activate',
    headers: auth(token),
    payload: { version: v1, expectRelease: '1' },
  });
  expect(stale.statusCode).toBe(409);
  const back = await call({ method: 'POST', url: '/remotes/mf-messaging/rollback', headers: auth(token), payload: {} });
  expect(back.json()).toEqual({ remote: 'mf-messaging', version: v1, release: '3' });
  expect((await manifest()).remotes[0].version).toBe(v1);
});

// Health-aware releases (ADR 0040): canaries through the service, rollback past unhealthy versions.
type LiveEntry = { name: string; version: string; fallbacks: { version: string }[]; canaryRelease?: { version: string; percent: number } };
const live = async () => (await manifest()).remotes[0] as unknown as LiveEntry;
const activate = (token: string | undefined, payload: unknown) =>
  call({ method: 'POST', url: '/remotes/mf-messaging/activate', headers: auth(token), payload });

test('activate with a canary: anonymous 401, another team 403 and logged, the team and an administrator start it', async () => {
  const messaging = await tokenFor('messaging', ['mf-messaging']);
  const booking = await tokenFor('booking', ['mf-booking']);
  const v1 = (await publish(messaging.token, 'v1')).json().version;
  const v2 = (await publish(messaging.token, 'v2')).json().version;
  expect((await activate(messaging.token, { version: v1 })).statusCode).toBe(200);
  const before = await manifest();

  expect((await activate(undefined, { version: v2, canary: 10 })).statusCode).toBe(401);
  expect((await activate('rrt_forged', { version: v2, canary: 10 })).statusCode).toBe(401);
  expect((await activate(booking.token, { version: v2, canary: 10 })).statusCode).toBe(403);
  expect(await manifest()).toEqual(before);

  const team = await activate(messaging.token, { version: v2, canary: 10 });
  expect(team.json()).toEqual({ remote: 'mf-messaging', version: v2, release: String(Number(before.release) + 1), canary: 10 });
  expect(await live()).toEqual(
    expect.objectContaining({ version: v1, canaryRelease: expect.objectContaining({ version: v2, percent: 10 }) }),
  );
  const log = (await call({ method: 'GET', url: '/log', headers: auth(ADMIN) })).json() as {
    action: string;
    team: string;
    version: string;
    reason: string;
  }[];
  expect(log.filter((l) => l.action === 'deny').map((l) => l.team)).toEqual(['booking']);
  expect(log.at(-1)).toEqual(
    expect.objectContaining({ action: 'canary', team: 'messaging', version: v2, reason: 'canary to 10 % of sessions' }),
  );

  // The administrator widens it; a rollback ends it and every session is on the live version again.
  expect((await activate(ADMIN, { version: v2, canary: 50 })).statusCode).toBe(200);
  expect((await live()).canaryRelease?.percent).toBe(50);
  const back = await call({ method: 'POST', url: '/remotes/mf-messaging/rollback', headers: auth(messaging.token), payload: {} });
  expect(back.json()).toEqual(expect.objectContaining({ version: v1 }));
  expect((await live()).canaryRelease).toBeUndefined();
});

test('publish with a canary: the new build is stored and goes to that share of sessions beside the live one, logged', async () => {
  const { token } = await tokenFor('messaging', ['mf-messaging']);
  // Nothing live yet: a canary has nothing to run beside, and nothing is stored.
  const first = await publish(token, 'v1', { canary: 10 });
  expect(first.statusCode).toBe(404);
  expect((await manifest()).remotes).toEqual([]);
  expect((await publish(token, 'v1', { canary: 100 })).statusCode).toBe(400);
  const v1 = (await publish(token, 'v1')).json().version;
  const res = await publish(token, 'v2', { canary: 10 });
  expect(res.statusCode).toBe(200);
  const v2 = res.json().version;
  expect(res.json()).toEqual(expect.objectContaining({ remote: 'mf-messaging', version: v2, canary: 10 }));
  expect(await live()).toEqual(
    expect.objectContaining({ version: v1, canaryRelease: expect.objectContaining({ version: v2, percent: 10 }) }),
  );
  expect(fs.existsSync(path.join(tmp, 'static/mf-messaging', v2, 'remoteEntry.js'))).toBe(true);
  const log = (await call({ method: 'GET', url: '/log', headers: auth(token) })).json() as {
    action: string;
    version: string;
    previousVersion: string;
    reason: string;
  }[];
  expect(log.at(-1)).toEqual(
    expect.objectContaining({ action: 'canary', version: v2, previousVersion: v1, reason: 'canary to 10 % of sessions' }),
  );
  // Then made live for everyone by activating it, as any stored version.
  expect((await activate(token, { version: v2 })).statusCode).toBe(200);
  expect((await live()).version).toBe(v2);
});

test('activate bad input is a 400 that says what is wrong, and changes nothing', async () => {
  const { token } = await tokenFor('messaging', ['mf-messaging']);
  const v1 = (await publish(token, 'v1')).json().version;
  const v2 = (await publish(token, 'v2')).json().version;
  const before = await manifest();
  const cases: [unknown, string][] = [
    [{ version: v1, canary: 0 }, 'canary: a canary goes to 1-99 % of sessions'],
    [{ version: v1, canary: 100 }, 'canary: a canary goes to 1-99 % of sessions'],
    [{ version: v1, canary: 'ten' }, 'canary:'],
    [{ version: v1, canary: 12.5 }, 'canary:'],
    [{ canary: 10 }, 'version:'],
    [{ version: 'x'.repeat(200) }, 'version:'],
    [{ version: v1, expectRelease: { $gt: 1 } }, 'expectRelease:'],
    [{ version: v1, reason: 42 }, 'reason:'],
  ];
  for (const [payload, message] of cases) {
    const res = await activate(token, payload);
    expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
    expect(res.json().message).toContain(message);
  }
  // A canary of the live version itself, or with nothing live, is refused too.
  expect((await activate(token, { version: v2, canary: 10 })).statusCode).toBe(400);
  expect(
    (await call({ method: 'POST', url: '/remotes/mf-messaging/rollback', headers: auth(token), payload: { reason: ['x'] } })).statusCode,
  ).toBe(400);
  expect(await manifest()).toEqual(before);
});

test('rollback never picks a version reported unhealthy, and a publish keeps it out of the fallbacks', async () => {
  const { token } = await tokenFor('messaging', ['mf-messaging']);
  const v1 = (await publish(token, 'v1')).json().version;
  const v2 = (await publish(token, 'v2')).json().version;
  await store.setHealthStatus({ remote: 'mf-messaging', version: v2, status: 'unhealthy', reason: '5 of 5 sessions failed' });
  const v3 = (await publish(token, 'v3')).json().version;
  expect((await live()).fallbacks.map((f) => f.version)).toEqual([v1]);
  const back = await call({ method: 'POST', url: '/remotes/mf-messaging/rollback', headers: auth(token), payload: {} });
  expect(back.json()).toEqual(expect.objectContaining({ version: v1 }));
  expect((await live()).version).toBe(v1);
  // With only unhealthy versions behind it, there is nothing to roll back to.
  await store.setHealthStatus({ remote: 'mf-messaging', version: v1, status: 'unhealthy' });
  expect((await activate(token, { version: v3 })).statusCode).toBe(200);
  const none = await call({ method: 'POST', url: '/remotes/mf-messaging/rollback', headers: auth(token), payload: {} });
  expect(none.statusCode).toBe(409);
  expect((await live()).version).toBe(v3);
});

test('health of a remote: anonymous 401, any team token reads the verdicts, an unknown remote 404', async () => {
  const { token } = await tokenFor('booking', ['mf-booking']);
  const v1 = (await publish(ADMIN, 'v1')).json().version;
  await store.recordHealthVote({ remote: 'mf-messaging', version: v1, session: 's1', failed: true });
  expect((await call({ method: 'GET', url: '/remotes/mf-messaging/health' })).statusCode).toBe(401);
  expect((await call({ method: 'GET', url: '/remotes/mf-nothing/health', headers: auth(token) })).statusCode).toBe(404);
  const res = await call({ method: 'GET', url: '/remotes/mf-messaging/health', headers: auth(token) });
  expect(res.json()).toEqual({ remote: 'mf-messaging', live: v1, canary: null, versions: { [v1]: { ok: 0, failed: 1, status: null } } });
});

test('the service gate reads the uploaded build: a kernel range the descriptor hides is refused, nothing changes, the log names the team', async () => {
  const { token } = await tokenFor('messaging', ['mf-messaging']);
  expect((await publish(token, 'v1')).statusCode).toBe(200);
  const before = await manifest();
  const res = await publish(token, 'v2', {}, 'mf-messaging', { 'shared-kernel/ui': '^2.2.0' });
  expect(res.statusCode).toBe(422);
  expect(res.json().problems).toEqual(
    expect.arrayContaining([
      'shared-kernel/ui: remoteEntry.js requires ^2.2.0, the descriptor says ^2.1.0 (for shared-kernel/)',
      'shared-kernel/ui: remoteEntry.js requires ^2.2.0, the live shell provides shared-kernel 2.1.0',
    ]),
  );
  expect(smokeRuns).toBe(1); // refused before the smoke mount
  expect(await manifest()).toEqual(before);
  const log = (await call({ method: 'GET', url: '/log', headers: auth(token) })).json() as {
    action: string;
    team: string;
    reason: string;
  }[];
  expect(log.at(-1)).toEqual(
    expect.objectContaining({
      action: 'refuse',
      team: 'messaging',
      reason: expect.stringMatching(/remoteEntry\.js requires \^2\.2\.0, the descriptor says \^2\.1\.0/),
    }),
  );
});

test('the smoke mount gets the sandbox sign-in; a build that throws only signed in is refused with the route and the error', async () => {
  const { token } = await tokenFor('messaging', ['mf-messaging']);
  expect((await publish(token, 'v1')).statusCode).toBe(200);
  expect(smokeSignedIn).toEqual([SANDBOX]);
  const before = await manifest();
  smokeAnswer = { ok: false, problems: ['signed in as rentija@rendime.ee, /auth/messages: page error: inbox exploded'] };
  const res = await publish(token, 'v2');
  expect(res.statusCode).toBe(422);
  expect(res.json().message).toMatch(
    /refused: smoke mount: signed in as rentija@rendime\.ee, \/auth\/messages: page error: inbox exploded/,
  );
  expect(await manifest()).toEqual(before);
  const log = (await call({ method: 'GET', url: '/log', headers: auth(token) })).json() as {
    action: string;
    team: string;
    reason: string;
  }[];
  expect(log.at(-1)).toEqual(
    expect.objectContaining({
      action: 'refuse',
      team: 'messaging',
      reason: 'smoke mount: signed in as rentija@rendime.ee, /auth/messages: page error: inbox exploded',
    }),
  );
});
