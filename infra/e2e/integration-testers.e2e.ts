// Issue 14: integration testers. Acceptance 6 — a per-browser override shows a local build of one
// remote in one browser while another browser on the same shell keeps the published release; and
// a forged `session-changed` event (as a console script sends it) does not sign the UI out.
// The local build is served by this journey's own remote server on a free port, from its own
// folder: the shared release manifest and registry of the e2e platform are never touched.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { baseUrl, expect, signIn, test } from './support/fixtures';
import { DEMO } from './support/demo-users';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { runDir, repoRoot } = require('./support/e2e-env.cjs') as { runDir: string; repoRoot: string };

const LOCAL_VERSION = '9.9.9-local';

interface RemoteServer {
  close(): Promise<void>;
  server: { address(): { port: number } | string | null };
}

/** Builds mf-messaging as LOCAL_VERSION (once per run) and serves it like a developer's server. */
async function startLocalMessaging(): Promise<{ entry: string; close: () => Promise<void> }> {
  const root = path.join(runDir, 'integration-testers');
  const buildDir = path.join(root, 'build');
  const registryDir = path.join(root, 'registry');
  // The registry stores a build as <version>+<content hash> (ADR 0019): find this run's, else build it.
  const storedDir = () =>
    (fs.existsSync(path.join(registryDir, 'mf-messaging')) ? fs.readdirSync(path.join(registryDir, 'mf-messaging')) : []).find((v) =>
      v.startsWith(`${LOCAL_VERSION}+`),
    );
  if (!storedDir()) {
    execFileSync('pnpm', ['--filter', 'mf-messaging', 'run', 'build'], {
      cwd: repoRoot,
      env: { ...process.env, APP_VERSION: LOCAL_VERSION, OUT_DIR: buildDir, RENDIME_SANDBOX: '1' },
      stdio: 'ignore',
    });
    const registry = (await import(pathToFileURL(path.join(repoRoot, 'infra/scripts/lib/registry.mjs')).href)) as {
      storeBuild(registryDir: string, buildDir: string): unknown;
    };
    registry.storeBuild(registryDir, buildDir);
  }
  const stored = storedDir();
  if (!stored) throw new Error('the local build was not stored');
  const servers = (await import(pathToFileURL(path.join(repoRoot, 'infra/scripts/lib/servers.mjs')).href)) as {
    startRemoteServer(o: { name: string; registryDir: string; port: number; host: string }): Promise<RemoteServer>;
  };
  const app = await servers.startRemoteServer({ name: 'mf-messaging', registryDir, port: 0, host: 'localhost' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { entry: `http://localhost:${address.port}/${encodeURI(stored)}/mf-manifest.json`, close: () => app.close() };
}

const messagingArea = (page: Page) => page.locator('[data-remote="mf-messaging"]');

async function openMessages(page: Page): Promise<void> {
  await signIn(page, DEMO.renter.username, DEMO.renter.password);
  await expect(page).toHaveURL(`${baseUrl}/auth/user-profile`);
  await page.goto('/auth/messages');
}

test.describe('integration testers (issue 14)', () => {
  test('acceptance 6: an override set in one browser loads the local build there only', async ({ page, openPage }) => {
    // A production build of mf-messaging alone takes a minute or more on two cores.
    test.slow();
    const local = await startLocalMessaging();
    try {
      const manifestBefore = await (await fetch(`${baseUrl}/release-manifest.json`)).text();
      // The slice shows its package version; the registry's version adds '+<content hash>'.
      const published = (
        JSON.parse(manifestBefore).remotes.find((r: { name: string }) => r.name === 'mf-messaging').version as string
      ).split('+')[0];
      expect(published).not.toBe(LOCAL_VERSION);

      // Browser A opens the link `registry.mjs override` prints; the shell stores it and cleans the address.
      const fromLocal: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(new URL(local.entry).origin)) fromLocal.push(r.url());
      });
      await page.goto(`/public?rendime-override=${encodeURIComponent(`mf-messaging=${local.entry}`)}`);
      await expect(page).toHaveURL(`${baseUrl}/public`);
      const badge = page.getByTestId('override-badge');
      await expect(badge).toHaveText(/Kohalik versioon: mf-messaging/);
      await openMessages(page);
      await expect(messagingArea(page)).toHaveAttribute('data-version', LOCAL_VERSION, { timeout: 30_000 });
      await expect(badge).toBeVisible();
      expect(fromLocal.some((u) => u.endsWith('/remoteEntry.js'))).toBe(true);

      // Browser B, same shell, at the same time: the published version and no badge.
      const other = await openPage();
      await openMessages(other);
      await expect(messagingArea(other)).toHaveAttribute('data-version', published, { timeout: 30_000 });
      await expect(other.getByTestId('override-badge')).toHaveCount(0);

      // The shared release manifest was not touched.
      expect(await (await fetch(`${baseUrl}/release-manifest.json`)).text()).toBe(manifestBefore);

      // 'Tühista' takes browser A back to the published version.
      await badge.getByRole('button', { name: 'Tühista kohalik versioon ja laadi avaldatud versioon' }).click();
      await expect(messagingArea(page)).toHaveAttribute('data-version', published, { timeout: 30_000 });
      await expect(page.getByTestId('override-badge')).toHaveCount(0);
    } finally {
      await local.close();
    }
  });

  test('an override to an origin that is not allowed is ignored', async ({ page }) => {
    const evil = 'https://evil.example/mf-manifest.json';
    const tried: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('https://evil.example')) tried.push(r.url());
    });
    await page.goto(`/public?rendime-override=${encodeURIComponent(`mf-public=${evil}`)}`);
    await expect(page).toHaveURL(`${baseUrl}/public`);
    await expect(page.getByTestId('hero')).toBeVisible();
    await expect(page.getByTestId('override-badge')).toHaveCount(0);
    // Even written straight into storage, the shell refuses it.
    await page.evaluate((entry) => window.localStorage.setItem('rendime:overrides', JSON.stringify({ 'mf-public': entry })), evil);
    await page.reload();
    await expect(page.getByTestId('hero')).toBeVisible();
    await expect(page.getByTestId('override-badge')).toHaveCount(0);
    expect(tried).toEqual([]);
  });

  test('a forged session-changed event does not sign the UI out while the server session lives', async ({ page }) => {
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await expect(page).toHaveURL(`${baseUrl}/auth/user-profile`);
    await expect(page.getByTestId('profile-name')).toContainText(DEMO.renter.fullName);

    // What a script in the console can do: a hand-made envelope on window.
    const recheck = page.waitForResponse((r) => r.url().endsWith('/api/users/session') && r.request().method() === 'GET');
    await page.evaluate(() => {
      window.dispatchEvent(
        new CustomEvent('rendime:session-changed', { detail: { version: 1, source: 'console', payload: { user: null } } }),
      );
    });
    // The event only makes the shell ask the API, which still knows the session.
    const answer = await recheck;
    expect(answer.status()).toBe(200);
    // The page has the answer's body, and two frames later whatever the shell made of it is painted.
    await answer.finished();
    await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
    await expect(page).toHaveURL(`${baseUrl}/auth/user-profile`);
    await expect(page.getByTestId('profile-name')).toContainText(DEMO.renter.fullName);
    await expect(page.getByTestId('avatar')).toBeVisible();
  });
});
