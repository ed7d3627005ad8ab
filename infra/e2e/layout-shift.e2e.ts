// Issue 16, acceptance 3: a cold load of the front, search and product pages shifts its layout
// by at most 0.1 (CLS), counted from navigation until the page's main content has rendered plus 1 s.
import { coldLoad, PERF_ROUTES } from './support/cold-load';
import type { Page } from '@playwright/test';
import { baseUrl, expect, signIn, test } from './support/fixtures';
import { desktopContext } from './support/device-context';

const CLS_LIMIT = 0.1;

for (const route of PERF_ROUTES) {
  test(`${route.key} page (${route.path}) loads without layout shift`, async ({ browser }) => {
    const load = await coldLoad(browser, baseUrl, route.path, route.ready);
    console.log(
      `[cls] ${route.key}: ${load.cls.toFixed(4)} in ${load.shifts.length} shifts; JS ${load.jsBrotli} B brotli in ${load.jsRequests} files, ${load.requests} requests`,
    );
    const detail = load.shifts.map((s) => `${s.value.toFixed(4)} at ${s.at} ms: ${s.sources.join(', ')}`).join('\n');
    expect(load.cls, `layout shifts on ${route.path}:\n${detail}`).toBeLessThanOrEqual(CLS_LIMIT);
  });
}

// ADR 0024: the front page's chrome and hero come prerendered in the HTML (for anonymous visitors).
test.describe('the prerendered front page', () => {
  test('paints its hero from the HTML alone, styled, with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 915 } });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/public`);
      await expect(page.getByRole('heading', { level: 1, name: /Rendi kõike/ })).toBeVisible();
      // Styled by the snapshot's CSS, not by a script: the brand band, the header's links.
      expect(await page.locator('[data-prerender]').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(57, 198, 137)');
      await expect(page.getByRole('link', { name: 'Otsing' }).first()).toBeVisible();
    } finally {
      await context.close();
    }
  });

  // A search sent before the script takes over (or without it) is the browser's own GET: it must
  // still land on the search page with its results, not reload the front page.
  test('searches from the hero with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/public`);
      await page.getByRole('textbox', { name: 'Otsi tooteid' }).fill('haagis');
      await page.getByRole('button', { name: 'Otsi', exact: true }).click();
      await expect(page).toHaveURL(/\/public\/search-products\?search=haagis$/);
      await expect(page.getByRole('link', { name: /haagis/i }).first()).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('is taken over by the slice: one hero, no snapshot left, the search works', async ({ page }) => {
    await page.goto('/public');
    await expect(page.locator('[data-remote="mf-public"]').getByTestId('hero')).toBeVisible();
    await expect(page.locator('[data-prerender-outlet]')).toHaveCount(0);
    await expect(page.locator('#rendime-prerender-css')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await page
      .getByRole('searchbox')
      .or(page.getByPlaceholder(/Mida soovid rentida/))
      .first()
      .fill('haagis');
    await page.getByRole('button', { name: 'Otsi', exact: true }).click();
    await expect(page).toHaveURL(/\/public\/search-products\?search=haagis/);
  });

  // The snapshot's box is a real field: someone who starts typing before the shell takes over
  // keeps the text, the focus and the caret through it, and the rest of the word and Enter reach
  // the slice's own form (CI once saw the focus lost to the takeover and the Enter go nowhere).
  test('keeps what a visitor types as the shell takes over, and the focus for the rest', async ({ page }) => {
    let releaseShell = () => {};
    const shellHeld = new Promise<void>((resolve) => (releaseShell = resolve));
    await page.route('**/main.js', async (route) => {
      await shellHeld;
      await route.continue();
    });
    await page.goto('/public', { waitUntil: 'commit' });
    const box = page.getByRole('textbox', { name: 'Otsi tooteid' });
    await box.fill('haa');
    await expect(page.locator('[data-prerender-outlet]')).toHaveCount(1);
    releaseShell();
    await expect(page.locator('[data-remote="mf-public"]').getByTestId('hero')).toBeVisible();
    await expect(page.locator('[data-prerender-outlet]')).toHaveCount(0);
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('haa');
    await page.keyboard.type('gis');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${baseUrl}/public/search-products?search=haagis`);
  });

  // The snapshot's period button has no handler: a press before the slice takes over was lost,
  // and the period fields never opened (CI saw it once the start ran in more steps). main.js runs
  // and the start's libraries are held, so the press lands on the snapshot.
  test('opens the period a visitor asked for on the snapshot, once the slice has taken over', async ({ page }) => {
    let releaseStart = () => {};
    const startHeld = new Promise<void>((resolve) => (releaseStart = resolve));
    await page.route(/\/start\.[0-9a-f]+\.js$/, async (route) => {
      await startHeld;
      await route.continue();
    });
    await page.goto('/public');
    const hero = page.getByRole('search', { name: 'Otsi tooteid' });
    await hero.getByRole('button', { name: 'Vali rendiaeg' }).click();
    await expect(page.locator('[data-prerender-outlet]')).toHaveCount(1);
    releaseStart();
    await expect(page.locator('[data-prerender-outlet]')).toHaveCount(0);
    await expect(hero.getByRole('combobox', { name: 'Rendin' })).toBeVisible();
    await expect(hero.getByRole('button', { name: 'Vali rendiaeg' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('is not sent to a signed-in visitor (its header is the signed-out one)', async ({ page }) => {
    await signIn(page, 'rentija@rendime.ee', 'Rentija123');
    await expect(page).not.toHaveURL(/\/public\/login/);
    const html = await (await page.request.get('/public')).text();
    expect(html).not.toContain('data-prerender-outlet');
    expect(html).toContain('rel="preload"');
    await page.goto('/public');
    await expect(page.locator('[data-remote="mf-public"]').getByTestId('hero')).toBeVisible();
    await expect(page.getByTestId('join-button')).toHaveCount(0);
  });
});

// The booking panel is another slice's widget, drawn after the takeover: the product page keeps
// its room from the server's markup on (by the spec's variants), so the sections below it stay
// where the painted page put them when it comes (a review found the location section moving
// 655 -> 901 -> 1171 px on a pay-and-rent product).
test.describe("the product page's booking section", () => {
  for (const [variant, id] of [
    ['pay-and-rent', 27],
    ['go-kart', 229],
    ['calendar', 186],
  ] as const) {
    test(`keeps its room on a desktop: the ${variant} panel comes without moving the location section`, async ({ browser }) => {
      const locationTop = (page: Page) =>
        page.locator('#location-title').evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
      const painted = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
      const live = await desktopContext(browser, baseUrl);
      try {
        const noJs = await painted.newPage();
        await noJs.goto(`/public/detail-view/${id}`);
        const before = await locationTop(noJs);
        const page = await live.newPage();
        await page.goto(`/public/detail-view/${id}`);
        await expect(page.getByTestId('widget-mf-booking-booking-panel')).toHaveAttribute('data-state', 'ready');
        await expect(page.getByTestId('booking-panel-loading')).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        expect(Math.abs((await locationTop(page)) - before), `location section at ${before} px painted`).toBeLessThanOrEqual(8);
      } finally {
        await painted.close();
        await live.close();
      }
    });
  }
});
