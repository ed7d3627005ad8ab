// Issue 9, section 4: what a new user tripped over on the public site (acceptance 5).
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// Any emoji (pictographic character): without an emoji font they show as empty boxes.
const EMOJI = /\p{Extended_Pictographic}/u;

/** Every console error and uncaught page error from now on, as text. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

test.describe('a first visit to the public site (issue 9, section 4)', () => {
  test('an anonymous front page visit logs no console error (no 401 for the session)', async ({ page }) => {
    const errors = collectErrors(page);
    const session = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/users/session');
    await page.goto('/public');
    // A visitor without a session is an answer, not an error.
    expect((await session).status()).toBe(200);
    await expect(page.getByTestId('hero')).toBeVisible();
    await expect(page.getByTestId('product-slider').getByTestId('slider-card')).toHaveCount(7);
    // The latest list loads when it comes near the viewport.
    await page.getByTestId('latest-list').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('latest-list').getByTestId('latest-card').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the front page never scrolls sideways, its sliders loaded, from a phone to a desktop (issue 32)', async ({ page }) => {
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/public');
      await expect(page.getByTestId('product-slider').getByTestId('slider-card')).toHaveCount(7);
      await page.getByTestId('latest-list').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('latest-list').getByTestId('latest-card').first()).toBeVisible();
      const widths = await page.evaluate(() => ({ document: document.documentElement.scrollWidth, window: window.innerWidth }));
      expect(widths.document, `document width at ${width} px`).toBeLessThanOrEqual(widths.window);
    }
  });

  test('category chips, tiles and circles draw their icons as SVG, not emoji', async ({ page }) => {
    await page.goto('/public');
    for (const id of ['category-chips', 'category-tiles', 'category-circles']) {
      const group = page.getByTestId(id);
      const links = group.getByRole('link');
      await expect(links.first()).toBeVisible();
      await expect(group).not.toContainText(EMOJI);
      const count = await links.count();
      expect(count, `${id} links`).toBeGreaterThan(3);
      for (let i = 0; i < count; i++) await expect(links.nth(i).locator('svg').first(), `${id} link ${i} icon`).toBeVisible();
    }
  });

  test('the go-kart page (229) shows its real price: 20 € per 20-minute slot per rider', async ({ page }) => {
    await page.goto('/public/raasilla');
    await expect(page.getByTestId('product-page')).toHaveAttribute('data-product-id', '229', { timeout: 20_000 });
    const prices = page.getByTestId('prices');
    await expect(prices).toContainText(/20([,.]00)?\s?€/);
    await expect(prices).toContainText(/20[\s-]*min/i);
    // not the daily price of an ordinary product (20 € + VAT shown as 'Päev 24 €')
    await expect(prices).not.toContainText(/Päev/);
    await expect(prices).not.toContainText(/24([,.]00)?\s?€/);
  });

  test("a cut card title ends with '…' and carries the full title in its title attribute", async ({ page }) => {
    // Heavy machinery: long model names such as 'Rataslaadur Volvo L30' (cut at 20 characters).
    await page.goto('/public/search-products?cat=55');
    await expect(page.getByTestId('result-card').first()).toBeVisible({ timeout: 20_000 });
    const cut = page.getByTestId('result-card').locator('[title]').filter({ hasText: /…\s*$/ });
    await expect(cut.first()).toBeVisible();
    const shown = (await cut.first().innerText()).trim();
    const full = (await cut.first().getAttribute('title')) ?? '';
    expect(full.length).toBeGreaterThan(shown.length - 1);
    expect(full.startsWith(shown.slice(0, -1).trimEnd())).toBe(true);
    // the old cut ('...' or none at all) is gone
    await expect(page.getByTestId('result-card').filter({ hasText: /\.\.\.\s*$/ })).toHaveCount(0);
  });

  test('the front page and the search page have their own document title', async ({ page }) => {
    await page.goto('/public');
    await expect(page.getByTestId('hero')).toBeVisible();
    await expect(page).toHaveTitle(/\S/);
    const front = await page.title();
    await page.goto('/public/search-products');
    await expect(page.getByTestId('result-card').first()).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveTitle(/\S/);
    await expect(page).not.toHaveTitle(front);
  });
});
