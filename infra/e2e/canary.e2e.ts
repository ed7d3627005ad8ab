// Issue 27, acceptance 3 (ADR 0040): a canary of a version whose mount fails in browsers is rolled
// back automatically once the failure reports pass the threshold, and `rollback` never picks a
// version reported unhealthy. The journey starts its OWN shell server on a copy of the e2e release
// (the shared platform other journeys see is never touched), with the registry folder as the
// health store, and the real browser's reports as the only input.
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Request } from '@playwright/test';
import { mountFailingEntry } from './support/failing-entry';
import { expect, test } from './support/fixtures';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { env, runDir, repoRoot } = require('./support/e2e-env.cjs') as { env: Record<string, string>; runDir: string; repoRoot: string };

interface ManifestRemote {
  name: string;
  version: string;
  entry: string;
  fallbacks?: { version: string; entry: string }[];
  canaryRelease?: { version: string; percent: number; since: string; entry: ManifestRemote };
  canary?: boolean;
  [key: string]: unknown;
}
interface Manifest {
  release: string;
  createdAt: string;
  remotes: ManifestRemote[];
}

const isReport = (req: Request) => req.method() === 'POST' && new URL(req.url()).pathname === '/api/platform/remote-reports';
const portOf = (server: { address: () => string | AddressInfo | null }) => (server.address() as AddressInfo).port;

test('a canary whose mount throws is served to its share of sessions, their reports roll it back, and rollback never picks it again', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const liveManifest = JSON.parse(fs.readFileSync(path.join(env.RENDIME_REGISTRY_DIR, 'release-manifest.json'), 'utf8')) as Manifest;
  const pub = liveManifest.remotes.find((r) => r.name === 'mf-public')!;
  const good = pub.version;
  const goodPackageVersion = good.split('+')[0];
  const broken = `${good}-broken`;

  // One remote origin serving the good build (linked from the e2e registry) and a broken one: a
  // real mf-manifest.json whose ./app loads but whose mount throws.
  fs.mkdirSync(runDir, { recursive: true });
  const registryDir = fs.mkdtempSync(path.join(runDir, 'canary-'));
  fs.mkdirSync(path.join(registryDir, 'mf-public'), { recursive: true });
  fs.symlinkSync(path.join(env.RENDIME_REGISTRY_DIR, 'mf-public', good), path.join(registryDir, 'mf-public', good), 'dir');
  const brokenDir = path.join(registryDir, 'mf-public', broken);
  fs.mkdirSync(brokenDir);
  const realManifest = JSON.parse(fs.readFileSync(path.join(registryDir, 'mf-public', good, 'mf-manifest.json'), 'utf8')) as {
    metaData: { globalName: string; buildInfo: { buildVersion: string } };
    exposes: { id: string; name: string; path: string }[];
  };
  fs.writeFileSync(
    path.join(brokenDir, 'mf-manifest.json'),
    JSON.stringify({
      ...realManifest,
      metaData: { ...realManifest.metaData, buildInfo: { ...realManifest.metaData.buildInfo, buildVersion: broken } },
      shared: [],
      exposes: realManifest.exposes.map((e) => ({ ...e, assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } })),
    }),
  );
  fs.writeFileSync(path.join(brokenDir, 'remoteEntry.js'), mountFailingEntry(realManifest.metaData.globalName, broken));
  const descriptor = JSON.parse(fs.readFileSync(path.join(registryDir, 'mf-public', good, 'remote-descriptor.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  fs.writeFileSync(path.join(brokenDir, 'remote-descriptor.json'), JSON.stringify({ ...descriptor, version: broken }));

  const { startRemoteServer, startShellServer } = await import('../scripts/lib/servers.mjs');
  const registry = await import('../scripts/lib/registry.mjs');
  const remoteServer = await startRemoteServer({ name: 'mf-public', registryDir, port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${portOf(remoteServer.server)}`;
  const at = (version: string) => registry.entryUrl(origin, version);
  // The release: mf-public live at the good version, the broken one as a canary to half the sessions.
  const liveEntry = { ...pub, entry: at(good), fallbacks: [] };
  const canaryEntry = { ...pub, version: broken, entry: at(broken), fallbacks: [] };
  fs.writeFileSync(
    path.join(registryDir, 'release-manifest.json'),
    JSON.stringify(
      {
        ...liveManifest,
        remotes: liveManifest.remotes.map((r) =>
          r.name === 'mf-public' ? registry.withCanary(liveEntry as never, canaryEntry as never, 50) : r,
        ),
      },
      null,
      2,
    ),
  );
  const shellServer = await startShellServer({
    shellDist: path.join(repoRoot, 'shell/dist'),
    registryDir,
    port: 0,
    apiPort: Number(env.RENDIME_API_PORT),
    host: '127.0.0.1',
    runtimeConfig: { mapTileUrl: '' },
    // Every browser here comes from 127.0.0.1: the per-address session cap would stop at 3.
    health: { settings: { sessionsPerClient: 100 } },
  });
  const shell = `http://127.0.0.1:${portOf(shellServer.server)}`;
  const contexts: BrowserContext[] = [];
  const stored = () => JSON.parse(fs.readFileSync(path.join(registryDir, 'release-manifest.json'), 'utf8')) as Manifest;
  const storedPublic = () => stored().remotes.find((r) => r.name === 'mf-public')!;

  /** A new visitor: its first answer sets the release session; its manifest says which side it is on. */
  async function newSession(): Promise<{ context: BrowserContext; served: ManifestRemote }> {
    const context = await browser.newContext({ baseURL: shell });
    contexts.push(context);
    await context.addInitScript(() => window.localStorage.setItem('rendime.cookiesAccepted', 'true'));
    await context.request.get('/public');
    const m = (await (await context.request.get('/release-manifest.json')).json()) as Manifest;
    return { context, served: m.remotes.find((r) => r.name === 'mf-public')! };
  }

  try {
    let canarySessions = 0;
    // Stops at the rollback; a few canary sessions past the threshold end it anyway, failing below.
    for (let i = 0; i < 60 && storedPublic().canaryRelease && canarySessions < 8; i++) {
      const { context, served } = await newSession();
      if (served.version !== broken) {
        // The other half: the live version, nothing to report.
        expect(served).toEqual(expect.objectContaining({ version: good, entry: at(good) }));
        await context.close();
        continue;
      }
      canarySessions += 1;
      expect(served).toEqual(expect.objectContaining({ canary: true, fallbacks: [{ version: good, entry: at(good) }] }));
      // The canary's mount throws in Chromium: the page shows the good version, and the failure is
      // reported (counted by the page host before it goes on to the API).
      const page = await context.newPage();
      const reported = page.waitForResponse(
        (res) => isReport(res.request()) && (res.request().postDataJSON() as { version?: string }).version === broken,
      );
      await page.goto('/public');
      await expect(page.getByTestId('hero')).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('[data-remote="mf-public"]')).toHaveAttribute('data-version', goodPackageVersion);
      expect((await reported).request().postDataJSON()).toEqual(
        expect.objectContaining({ version: broken, outcome: 'mount', servedVersion: good }),
      );
      await context.close();
    }
    // Rolled back after exactly the threshold's 5 failing sessions, with no person involved.
    expect(canarySessions).toBe(5);
    expect(storedPublic()).toEqual(expect.objectContaining({ version: good }));
    expect(storedPublic().canaryRelease).toBeUndefined();
    expect(registry.readLog(registryDir).at(-1)).toEqual(
      expect.objectContaining({
        action: 'canary-rollback',
        who: 'health',
        version: broken,
        previousVersion: good,
        reason: expect.stringContaining('5 of 5 sessions failed'),
      }),
    );

    // A new session gets the good version, and reports no failure (it is no canary and mounts fine).
    // A load slower than 3 s is reported as `ok` with its timing (a loaded CI machine has them).
    const { context, served } = await newSession();
    expect(served.version).toBe(good);
    expect(served.canary).toBeUndefined();
    const page = await context.newPage();
    const reports: { outcome?: string; version?: string }[] = [];
    page.on('request', (req) => isReport(req) && reports.push(req.postDataJSON() as { outcome?: string; version?: string }));
    await page.goto('/public');
    await expect(page.getByTestId('hero')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-remote="mf-public"]')).toHaveAttribute('data-version', goodPackageVersion);
    expect(reports.filter((r) => !(r.outcome === 'ok' && r.version === good))).toEqual([]);

    // Someone makes the broken version live by hand and then the good one again: `rollback` from
    // there refuses to go back to the version browsers reported unhealthy.
    registry.activate(registryDir, 'mf-public', broken, origin, { who: 'e2e' });
    expect(storedPublic().fallbacks).toEqual([{ version: good, entry: at(good) }]);
    registry.activate(registryDir, 'mf-public', good, origin, { who: 'e2e' });
    expect(storedPublic().fallbacks).toEqual([]);
    expect(() => registry.rollback(registryDir, 'mf-public', origin, { who: 'e2e' })).toThrow(`reported unhealthy (${broken})`);
    expect(storedPublic().version).toBe(good);
  } finally {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await shellServer.close();
    await remoteServer.close();
  }
});
