import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startTopology, type Topology } from './support/production-topology';

// A check that nothing happens: a refused publish or rollback must not change what any shell
// serves. There is no event for "no change", so the shells are read after a fixed window, longer
// than a manifest change takes to reach them.
const REFUSED_CHANGE_WINDOW_MS = 1_000;

// Issue 27, acceptance 1: the production topology (ADR 0035). Two shell server processes, the static
// store served as the CDN, the registry service on PostgreSQL. The messaging team's token publishes
// a visibly changed mf-messaging over HTTP with the release CLI: both shells serve it on the next
// request, restarting either keeps it, rollback returns both. The booking team's token is refused
// for mf-messaging (403), nothing changes, and the log names each team.

const repoRoot = path.resolve(__dirname, '../..');
const MARKER = 'Sõnumid (uus väljalase)';

interface Manifest {
  release: string;
  remotes: { name: string; version: string; entry: string }[];
}

let topo: Topology;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  topo = await startTopology({ replicas: 2, pollMs: 500 });
});

test.afterAll(async () => {
  await topo?.stop();
});

/** A copy of mf-messaging's build whose messages page title reads MARKER: new content, new version. */
function changedMessaging(into: string): string {
  fs.cpSync(path.join(repoRoot, 'mf-messaging/dist'), into, { recursive: true });
  const expose = fs.readdirSync(into).find((f) => /^__federation_expose_app\..*\.js$/.test(f));
  if (!expose) throw new Error('mf-messaging has no __federation_expose_app chunk');
  const file = path.join(into, expose);
  const code = fs.readFileSync(file, 'utf8');
  const patched = code.replace('chat:{title:"Sõnumid"', `chat:{title:"${MARKER}"`);
  if (patched === code) throw new Error(`no chat title in ${expose}`);
  fs.writeFileSync(file, patched);
  return into;
}

async function liveOn(shell: string): Promise<{ release: string; version: string | undefined; entry: string | undefined }> {
  const m = (await (await fetch(`${shell}/release-manifest.json`)).json()) as Manifest;
  const r = m.remotes.find((x) => x.name === 'mf-messaging');
  return { release: m.release, version: r?.version, entry: r?.entry };
}

/** The messages page as a shell serves it: its preloads name the live version's files on the CDN. */
async function pageNames(shell: string, version: string): Promise<boolean> {
  const html = await (await fetch(`${shell}/auth/messages`)).text();
  return html.includes(`/mf-messaging/${version}/`);
}

test('a team publishes over HTTP to two shell replicas; restart keeps it, rollback returns both, another team is refused', async () => {
  test.setTimeout(110_000);
  const admin = ['--token', topo.adminToken];

  // The administrator puts the current build live and hands out team tokens.
  const first = topo.cli('publish', 'mf-messaging', '--no-smoke', '--reason', 'first release', ...admin);
  expect(first.out).toMatch(/published mf-messaging@1\.0\.0\+[0-9a-f]{10} \(release 1\)/);
  const oldVersion = /@(\S+)/.exec(first.out)![1];
  const messagingToken = topo
    .cli('token', 'create', 'messaging', '--slices', 'mf-messaging', ...admin)
    .out.trim()
    .split('\n')
    .at(-1)!;
  const bookingToken = topo
    .cli('token', 'create', 'booking', '--slices', 'mf-booking', ...admin)
    .out.trim()
    .split('\n')
    .at(-1)!;
  expect(messagingToken).toMatch(/^rrt_/);
  expect(bookingToken).toMatch(/^rrt_/);
  // A team may not skip the smoke mount.
  const noSmoke = topo.cli(
    'publish',
    'mf-messaging',
    '--no-smoke',
    '--build-dir',
    path.join(repoRoot, 'mf-messaging/dist'),
    '--token',
    messagingToken,
  );
  expect(noSmoke.status).toBe(1);
  expect(noSmoke.out).toMatch(/403: skipping the smoke mount needs an administrator token/);

  await topo.startShells();
  for (const shell of topo.shells) expect((await liveOn(shell)).version).toBe(oldVersion);

  // The team's CI publishes the changed build (the gate's smoke mount runs in the service).
  const pub = topo.cli(
    'publish',
    'mf-messaging',
    '--build-dir',
    changedMessaging(path.join(topo.tmp, 'changed')),
    '--reason',
    'new title',
    '--token',
    messagingToken,
  );
  expect(pub.out).toMatch(/published mf-messaging@1\.0\.0\+[0-9a-f]{10} \(release 2\)/);
  expect(pub.status).toBe(0);
  const newVersion = /@(\S+)/.exec(pub.out)![1];
  expect(newVersion).not.toBe(oldVersion);

  // Both replicas serve it within the store's short cache, and the CDN serves its changed files.
  for (const shell of topo.shells) {
    await expect.poll(async () => (await liveOn(shell)).version, { timeout: 5_000 }).toBe(newVersion);
    expect(await pageNames(shell, newVersion)).toBe(true);
  }
  const live = await liveOn(topo.shells[0]);
  expect(live.entry).toBe(`${topo.cdn}/mf-messaging/${newVersion}/mf-manifest.json`);
  const mf = (await (await fetch(live.entry!)).json()) as { exposes: { name: string; assets: { js: { sync: string[] } } }[] };
  const app = mf.exposes.find((e) => e.name === 'app')!;
  const chunks = await Promise.all(
    app.assets.js.sync.map(async (f) => (await fetch(`${topo.cdn}/mf-messaging/${newVersion}/${f}`)).text()),
  );
  expect(chunks.some((c) => c.includes(MARKER))).toBe(true);

  // Restarting either replica keeps what is live.
  for (const i of [0, 1]) {
    await topo.restartShell(i);
    expect((await liveOn(topo.shells[i])).version).toBe(newVersion);
  }

  // The other team's token: 403, and nothing changes.
  const before = await liveOn(topo.shells[0]);
  for (const attempt of [
    ['publish', 'mf-messaging', '--build-dir', path.join(repoRoot, 'mf-messaging/dist')],
    ['rollback', 'mf-messaging'],
  ]) {
    const refused = topo.cli(...attempt, '--token', bookingToken);
    expect(refused.status).toBe(1);
    expect(refused.out).toMatch(/registry answered 403: team booking may not release mf-messaging/);
  }
  await new Promise((r) => setTimeout(r, REFUSED_CHANGE_WINDOW_MS));
  for (const shell of topo.shells) expect(await liveOn(shell)).toEqual(before);

  // Rollback returns both replicas to the earlier version.
  const back = topo.cli('rollback', 'mf-messaging', '--reason', 'title reverted', '--token', messagingToken);
  expect(back.out).toMatch(new RegExp(`mf-messaging@${oldVersion.replace('+', '\\+')} is live again \\(release 3\\)`));
  for (const shell of topo.shells) {
    await expect.poll(async () => (await liveOn(shell)).version, { timeout: 5_000 }).toBe(oldVersion);
    expect(await pageNames(shell, oldVersion)).toBe(true);
  }

  // The log names the team behind every line, and the administrator's skipped smoke mount.
  const log = topo
    .cli('log', 'mf-messaging', ...admin)
    .out.trim()
    .split('\n')
    .map((l) => l.split('\t'));
  expect(log.map((l) => [l[0], l[2], l[3], l[5]])).toEqual([
    ['1', 'admin', 'publish (no smoke mount)', oldVersion],
    ['1', 'messaging', 'deny', '-'],
    ['2', 'messaging', 'publish', newVersion],
    ['2', 'booking', 'deny', '-'],
    ['2', 'booking', 'deny', '-'],
    ['3', 'messaging', 'rollback', oldVersion],
  ]);
});
