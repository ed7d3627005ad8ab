import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { baseUrl, control, expect, signIn, test } from './support/fixtures';
import { DEMO } from './support/demo-users';
import { SLICES } from '../test/support/slices';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { env, runDir, repoRoot } = require('./support/e2e-env.cjs') as { env: Record<string, string>; runDir: string; repoRoot: string };

test.describe('public chrome', () => {
  test.describe('a first visit', () => {
    test.use({ cookiesAccepted: false });

    test('shows header, footer and the cookie dialog; accepting keeps it closed after a reload', async ({ page }) => {
      await page.goto('/public');
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Rendime avalehele' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Logi sisse', exact: true })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Liitu', exact: true })).toBeVisible();
      await expect(page.getByTestId('footer-contact')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Kasutustingimused' })).toBeVisible();
      const dialog = page.getByRole('dialog', { name: 'Küpsised' });
      await expect(dialog).toBeVisible();
      // The server puts the notice into a first visitor's HTML (issue 28), not an answered one's.
      const noticeInHtml = async (path: string) => (await (await page.request.get(path)).text()).includes('data-cookie-notice');
      expect(await noticeInHtml('/public/search-products')).toBe(true);
      await dialog.getByRole('button', { name: 'Nõustun' }).click();
      await expect(dialog).toHaveCount(0);
      expect(await noticeInHtml('/public/search-products')).toBe(false);
      expect(await noticeInHtml('/public')).toBe(false);
      await page.reload();
      await expect(page.getByTestId('hero')).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Küpsised' })).toHaveCount(0);
    });
  });

  test('sends an unknown public path to the front page', async ({ page }) => {
    await page.goto('/public/xyz');
    await expect(page).toHaveURL(`${baseUrl}/public`);
    await expect(page.getByTestId('hero')).toBeVisible();
  });

  test('the hero search opens the search page with the query', async ({ page }) => {
    await page.goto('/public');
    await page.getByRole('textbox', { name: 'Otsi tooteid' }).fill('haagis');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${baseUrl}/public/search-products?search=haagis`);
  });
});

test.describe('signed-in area', () => {
  test('sends /auth/contracts without a session to sign-in with goto', async ({ page }) => {
    await page.goto('/auth/contracts');
    await expect(page).toHaveURL(`${baseUrl}/public/login?goto=%2Fauth%2Fcontracts`);
  });

  test('signs a demo user in to the profile with initials, and logs out to the public site', async ({ page }) => {
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await expect(page).toHaveURL(`${baseUrl}/auth/user-profile`);
    await expect(page.getByTestId('profile-name')).toContainText(DEMO.renter.fullName);
    await expect(page.getByTestId('avatar')).toContainText(DEMO.renter.username.slice(0, 2).toUpperCase());
    // the drawer shows the spec's three groups
    for (const group of ['Üldine', 'Rendileandjale', 'Rentijale'])
      await expect(page.getByTestId('side-drawer').getByText(group)).toBeVisible();
    await expect(page.getByTestId('auth-footer')).toContainText(String(new Date().getFullYear()));
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(`${baseUrl}/public`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Logi sisse', exact: true })).toBeVisible();
    await page.goto('/auth/user-profile');
    await expect(page).toHaveURL(/\/public\/login\?goto=/);
  });

  test('goes to the goto target after sign-in', async ({ page }) => {
    await page.goto('/auth/my-rentals');
    await expect(page).toHaveURL(/goto=%2Fauth%2Fmy-rentals/);
    await page.getByLabel('E-post').fill(DEMO.renter.username);
    await page.getByLabel('Parool').fill(DEMO.renter.password);
    await page.getByRole('button', { name: 'Logi sisse', exact: true }).click();
    await expect(page).toHaveURL(`${baseUrl}/auth/my-rentals`);
    await expect(page.getByRole('heading', { name: 'Renditud tooted' })).toBeVisible();
  });
});

test.describe('sign-in page and cross-slice links', () => {
  test('sends a user who is already signed in from /public/login?goto=... to the profile, not to goto (spec 2.5)', async ({ page }) => {
    // A controlled clock lets the journey run the page's pending timers instead of sleeping.
    await page.clock.install();
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await expect(page).toHaveURL(`${baseUrl}/auth/user-profile`);
    await page.goto('/public/login?goto=%2Fauth%2Fcontracts');
    await expect(page).toHaveURL(`${baseUrl}/auth/user-profile`);
    await expect(page.getByTestId('profile-name')).toContainText(DEMO.renter.fullName);
    // and it stays there: no timer due in the next seconds hops on to the goto target
    await page.clock.runFor(3_000);
    await expect(page.getByTestId('profile-name')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/auth/user-profile');
  });

  test('the product page breadcrumb to my rentals (another slice) switches pages without a reload', async ({ page }) => {
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await expect(page).toHaveURL(`${baseUrl}/auth/user-profile`);
    await page.goto('/public/detail-view/1');
    await expect(page.getByTestId('product-name')).toBeVisible({ timeout: 20_000 });
    // A full page load would start a new window object and lose this.
    await page.evaluate(() => {
      (window as unknown as { __marker?: number }).__marker = 1;
    });
    await page.getByRole('navigation', { name: 'Asukoht lehel' }).getByRole('link', { name: 'Minu rendid' }).click();
    await expect(page).toHaveURL(`${baseUrl}/auth/my-rentals`);
    await expect(page.getByRole('heading', { name: 'Renditud tooted' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  test("a suspended account is told 'Konto on peatatud', without the 403 'session expired' alert", async ({ page }) => {
    await page.clock.install();
    await signIn(page, DEMO.suspended.username, DEMO.suspended.password);
    await expect(page.getByTestId('login-error')).toContainText('Konto on peatatud');
    // The global alert would come 2.5 s after the 403: run the page's timers past that point.
    await page.clock.runFor(3_000);
    await expect(page.getByText('Õigused puuduvad, või on session aegunud')).toHaveCount(0);
    await expect(page.getByTestId('login-error')).not.toContainText('Vale email või parool');
    expect(new URL(page.url()).pathname).toBe('/public/login');
  });
});

test.describe('resilience and composition', () => {
  test('shows a fallback for a dead remote while the rest works, and retry recovers', async ({ page }) => {
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await expect(page).toHaveURL(`${baseUrl}/auth/user-profile`);
    await control('mf-messaging', 'stop');
    try {
      await page.goto('/auth/messages');
      await expect(page.getByTestId('remote-fallback')).toBeVisible();
      await expect(page.getByTestId('side-drawer')).toBeVisible();
      await page.getByRole('link', { name: 'Konto seaded' }).click();
      await expect(page.getByTestId('profile-name')).toContainText(DEMO.renter.fullName);
      await page.goto('/public');
      await expect(page.getByTestId('hero')).toBeVisible();
      await page.goto('/auth/messages');
      await expect(page.getByTestId('remote-fallback')).toBeVisible();
      // The top bar's badges (also mf-messaging's) stay quietly away; only the page offers a retry.
      await expect(page.getByRole('button', { name: 'Proovi uuesti' })).toHaveCount(1);
      await control('mf-messaging', 'start');
      await page.getByTestId('remote-fallback').getByRole('button', { name: 'Proovi uuesti' }).click();
      await expect(page.getByRole('heading', { name: 'Sõnumid' })).toBeVisible();
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    } finally {
      await control('mf-messaging', 'start');
    }
  });

  test('holds exactly one React instance after pages of all five remotes', async ({ context, page }) => {
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
    await expect(page).toHaveURL(`${baseUrl}/auth/user-profile`);
    const seen = new Set<string>();
    const collect = async () => {
      for (const name of await page.evaluate(() =>
        [...document.querySelectorAll('[data-remote]')].map((e) => e.getAttribute('data-remote') ?? ''),
      ))
        seen.add(name);
    };
    await expect(page.getByTestId('profile-name')).toBeVisible();
    await collect();
    const visits: [string, string][] = [
      ['/auth/my-rentals', 'Renditud tooted'],
      ['/auth/my-products', 'Minu tooted'],
      ['/auth/messages', 'Sõnumid'],
    ];
    for (const [to, heading] of visits) {
      await page.evaluate((url) => window.history.pushState(null, '', url), to);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await collect();
    }
    await page.evaluate(() => window.history.pushState(null, '', '/public'));
    await expect(page.getByTestId('hero')).toBeVisible();
    await collect();
    expect(seen).toEqual(new Set(SLICES));
    const versions = await page.evaluate(() => {
      const hook = (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, { version: string }> } })
        .__REACT_DEVTOOLS_GLOBAL_HOOK__;
      return [...hook.renderers.values()].map((r) => r.version);
    });
    expect(versions).toHaveLength(1);
  });

  test('loads a remote rebuilt with a new version after a reload, without touching the shell', async ({ page, openPage }) => {
    // It runs a production build of mf-messaging, which alone takes a minute or more on two cores.
    test.slow();
    const shellDist = path.join(repoRoot, 'shell/dist');
    // Every file of the shell's build, its folders (the owner widget's loader in widget/) included.
    const digest = () =>
      (fs.readdirSync(shellDist, { recursive: true }) as string[])
        .filter((f) => fs.statSync(path.join(shellDist, f)).isFile())
        .sort()
        .map(
          (f) =>
            `${f}:${crypto
              .createHash('sha256')
              .update(fs.readFileSync(path.join(shellDist, f)))
              .digest('hex')}`,
        )
        .join('\n');
    const before = digest();
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await expect(page).toHaveURL(`${baseUrl}/auth/user-profile`);
    await page.goto('/auth/messages');
    const area = page.locator('[data-remote="mf-messaging"]');
    await expect(area).toBeAttached();
    const oldVersion = (await area.getAttribute('data-version')) ?? '1.0.0';
    const newVersion = `1.0.${Date.now()}`;
    const outDir = path.join(runDir, 'mf-messaging-build');
    execFileSync('pnpm', ['--filter', 'mf-messaging', 'run', 'build'], {
      cwd: repoRoot,
      env: { ...process.env, APP_VERSION: newVersion, OUT_DIR: outDir },
      stdio: 'ignore',
    });
    const registryCli = ['infra/scripts/registry.mjs'];
    execFileSync(process.execPath, [...registryCli, 'publish', 'mf-messaging', '--build-dir', outDir], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
    });
    try {
      await page.reload();
      await expect(page.locator('[data-remote="mf-messaging"]')).toHaveAttribute('data-version', newVersion, { timeout: 30_000 });
      expect(digest()).toBe(before);
    } finally {
      execFileSync(process.execPath, [...registryCli, 'activate', 'mf-messaging', oldVersion], {
        cwd: repoRoot,
        env: { ...process.env, ...env },
      });
    }
    // A new visitor after the rollback gets the old version again.
    const later = await openPage();
    await signIn(later, DEMO.renter.username, DEMO.renter.password);
    await expect(later).toHaveURL(`${baseUrl}/auth/user-profile`);
    await later.goto('/auth/messages');
    await expect(later.locator('[data-remote="mf-messaging"]')).toHaveAttribute('data-version', oldVersion, { timeout: 30_000 });
  });
});
