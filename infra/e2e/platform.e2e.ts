import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { launch, newPage, control, signIn, baseUrl } from './support/browser';
import { DEMO } from './support/demo-users';
import { expectAttr, expectText, expectVisible } from './support/waits';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { env, runDir, repoRoot } = require('./support/e2e-env.cjs') as { env: Record<string, string>; runDir: string; repoRoot: string };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('public chrome', () => {
  it('shows header, footer and the cookie dialog; accepting keeps it closed after a reload', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/public');
    await expectVisible(page.getByRole('link', { name: 'Rendime avalehele' }));
    await expectVisible(page.getByRole('link', { name: 'Logi sisse' }));
    await expectVisible(page.getByRole('link', { name: 'Liitu' }));
    await expectVisible(page.getByTestId('footer-contact'));
    await expectVisible(page.getByRole('link', { name: 'Kasutustingimused' }));
    const dialog = page.getByRole('dialog', { name: 'Küpsised' });
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'Nõustun' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await expectVisible(page.getByTestId('hero'));
    expect(await page.getByRole('dialog', { name: 'Küpsised' }).count()).toBe(0);
    await context.close();
  });

  it('sends an unknown public path to the front page', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await page.goto('/public/xyz');
    await page.waitForURL(`${baseUrl}/public`);
    await expectVisible(page.getByTestId('hero'));
    await context.close();
  });

  it('the hero search opens the search page with the query', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await page.goto('/public');
    await page.getByRole('textbox', { name: 'Otsi tooteid' }).fill('haagis');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/public/search-products?search=haagis`);
    await context.close();
  });
});

describe('signed-in area', () => {
  it('sends /auth/contracts without a session to sign-in with goto', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await page.goto('/auth/contracts');
    await page.waitForURL(`${baseUrl}/public/login?goto=%2Fauth%2Fcontracts`);
    await context.close();
  });

  it('signs a demo user in to the profile with initials, and logs out to the public site', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await page.waitForURL(`${baseUrl}/auth/user-profile`);
    await expectText(page.getByTestId('profile-name'), DEMO.renter.fullName);
    await expectText(page.getByTestId('avatar'), DEMO.renter.username.slice(0, 2).toUpperCase());
    // the drawer shows the spec's three groups
    for (const group of ['Üldine', 'Rendileandjale', 'Rentijale']) await expectVisible(page.getByTestId('side-drawer').getByText(group));
    await expectText(page.getByTestId('auth-footer'), String(new Date().getFullYear()));
    await page.getByTestId('logout').click();
    await page.waitForURL(`${baseUrl}/public`);
    await expectVisible(page.getByRole('link', { name: 'Logi sisse' }));
    await page.goto('/auth/user-profile');
    await page.waitForURL(/\/public\/login\?goto=/);
    await context.close();
  });

  it('goes to the goto target after sign-in', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await page.goto('/auth/my-rentals');
    await page.waitForURL(/goto=%2Fauth%2Fmy-rentals/);
    await page.getByLabel('E-post').fill(DEMO.renter.username);
    await page.getByLabel('Parool').fill(DEMO.renter.password);
    await page.getByRole('button', { name: 'Logi sisse' }).click();
    await page.waitForURL(`${baseUrl}/auth/my-rentals`);
    await expectVisible(page.getByRole('heading', { name: 'Renditud tooted' }));
    await context.close();
  });
});

describe('sign-in page and cross-slice links', () => {
  it('sends a user who is already signed in from /public/login?goto=... to the profile, not to goto (spec 2.5)', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await page.waitForURL(`${baseUrl}/auth/user-profile`);
    await page.goto('/public/login?goto=%2Fauth%2Fcontracts');
    await page.waitForURL(`${baseUrl}/auth/user-profile`);
    await expectText(page.getByTestId('profile-name'), DEMO.renter.fullName);
    // and it stays there (no late hop to the goto target)
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe('/auth/user-profile');
    await context.close();
  });

  it('the product page breadcrumb to my rentals (another slice) switches pages without a reload', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await page.waitForURL(`${baseUrl}/auth/user-profile`);
    await page.goto('/public/detail-view/1');
    await expectVisible(page.getByTestId('product-name'), 20000);
    // A full page load would start a new window object and lose this.
    await page.evaluate(() => {
      (window as unknown as { __marker?: number }).__marker = 1;
    });
    await page.locator('nav[aria-label="Asukoht lehel"]').getByRole('link', { name: 'Minu rendid' }).click();
    await page.waitForURL(`${baseUrl}/auth/my-rentals`);
    await expectVisible(page.getByRole('heading', { name: 'Renditud tooted' }));
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await context.close();
  });

  it("a suspended account is told 'Konto on peatatud', without the 403 'session expired' alert", async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await signIn(page, DEMO.suspended.username, DEMO.suspended.password);
    await expectText(page.getByTestId('login-error'), 'Konto on peatatud');
    // The global alert would come 2.5 s after the 403.
    await page.waitForTimeout(3000);
    expect(await page.getByText('Õigused puuduvad, või on session aegunud').count()).toBe(0);
    expect(await page.getByTestId('login-error').textContent()).not.toContain('Vale email või parool');
    expect(new URL(page.url()).pathname).toBe('/public/login');
    await context.close();
  });
});

describe('resilience and composition', () => {
  it('shows a fallback for a dead remote while the rest works, and retry recovers', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await page.waitForURL(`${baseUrl}/auth/user-profile`);
    await control('mf-messaging', 'stop');
    try {
      await page.goto('/auth/messages');
      const fallback = page.getByTestId('remote-fallback');
      await expectVisible(fallback);
      await expectVisible(page.getByTestId('side-drawer'));
      await page.getByRole('link', { name: 'Konto seaded' }).click();
      await expectText(page.getByTestId('profile-name'), DEMO.renter.fullName);
      await page.goto('/public');
      await expectVisible(page.getByTestId('hero'));
      await page.goto('/auth/messages');
      await expectVisible(page.getByTestId('remote-fallback'));
      await control('mf-messaging', 'start');
      await page.getByRole('button', { name: 'Proovi uuesti' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Sõnumid' }));
      expect(await page.getByTestId('remote-fallback').count()).toBe(0);
    } finally {
      await control('mf-messaging', 'start');
      await context.close();
    }
  });

  it('holds exactly one React instance after pages of all five remotes', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    // React DOM announces each renderer copy to the devtools hook; count them.
    await context.addInitScript(() => {
      const renderers = new Map<number, { version: string }>();
      let id = 0;
      (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        renderers,
        supportsFiber: true,
        inject(renderer: { version: string }) {
          renderers.set(++id, renderer);
          return id;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      };
    });
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await page.waitForURL(`${baseUrl}/auth/user-profile`);
    const seen = new Set<string>();
    const collect = async () => {
      for (const name of await page.evaluate(() => [...document.querySelectorAll('[data-remote]')].map((e) => e.getAttribute('data-remote') ?? ''))) seen.add(name);
    };
    await expectVisible(page.getByTestId('profile-name'));
    await collect();
    const visits: [string, string][] = [
      ['/auth/my-rentals', 'Renditud tooted'],
      ['/auth/my-products', 'Minu tooted'],
      ['/auth/messages', 'Sõnumid'],
    ];
    for (const [to, heading] of visits) {
      await page.evaluate((url) => window.history.pushState(null, '', url), to);
      await expectVisible(page.getByRole('heading', { name: heading }));
      await collect();
    }
    await page.evaluate(() => window.history.pushState(null, '', '/public'));
    await expectVisible(page.getByTestId('hero'));
    await collect();
    expect(seen).toEqual(new Set(['mf-public', 'mf-account', 'mf-booking', 'mf-owner', 'mf-messaging']));
    const versions = await page.evaluate(() => {
      const hook = (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, { version: string }> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__;
      return [...hook.renderers.values()].map((r) => r.version);
    });
    expect(versions).toHaveLength(1);
    await context.close();
  });

  it('loads a remote rebuilt with a new version after a reload, without touching the shell', async () => {
    const shellDist = path.join(repoRoot, 'shell/dist');
    const digest = () =>
      fs
        .readdirSync(shellDist)
        .sort()
        .map((f) => `${f}:${crypto.createHash('sha256').update(fs.readFileSync(path.join(shellDist, f))).digest('hex')}`)
        .join('\n');
    const before = digest();
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await page.waitForURL(`${baseUrl}/auth/user-profile`);
    await page.goto('/auth/messages');
    const area = page.locator('[data-remote="mf-messaging"]');
    await area.waitFor();
    const oldVersion = await area.getAttribute('data-version');
    const newVersion = `1.0.${Date.now()}`;
    const outDir = path.join(runDir, 'mf-messaging-build');
    execFileSync('pnpm', ['--filter', 'mf-messaging', 'run', 'build'], { cwd: repoRoot, env: { ...process.env, APP_VERSION: newVersion, OUT_DIR: outDir }, stdio: 'ignore' });
    const registryCli = ['infra/scripts/registry.mjs'];
    execFileSync(process.execPath, [...registryCli, 'publish', 'mf-messaging', '--build-dir', outDir], { cwd: repoRoot, env: { ...process.env, ...env } });
    try {
      await page.reload();
      await expectAttr(page.locator('[data-remote="mf-messaging"]'), 'data-version', newVersion);
      expect(digest()).toBe(before);
    } finally {
      execFileSync(process.execPath, [...registryCli, 'activate', 'mf-messaging', oldVersion ?? '1.0.0'], { cwd: repoRoot, env: { ...process.env, ...env } });
      await context.close();
    }
    const { context: c2, page: p2 } = await newPage(browser, { acceptCookies: true });
    await signIn(p2, DEMO.renter.username, DEMO.renter.password);
    await p2.waitForURL(`${baseUrl}/auth/user-profile`);
    await p2.goto('/auth/messages');
    await expectAttr(p2.locator('[data-remote="mf-messaging"]'), 'data-version', oldVersion ?? '1.0.0');
    await c2.close();
  });
});
