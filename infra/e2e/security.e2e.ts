// Issue 15, acceptance 3 in a real browser: the site works under the shell's Content-Security-Policy
// (remotes from their own origins, map tiles from the tile host), and no other site can frame it.
import type { Page } from '@playwright/test';
import { baseUrl, expect, signIn, test } from './support/fixtures';
import { DEMO } from './support/demo-users';
import { makePng } from './support/png';

interface Violation {
  directive: string;
  blocked: string;
}

/** Records every CSP violation the page reports. */
async function watchCsp(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const list: { directive: string; blocked: string }[] = [];
    (window as unknown as { __csp: typeof list }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push({ directive: e.effectiveDirective, blocked: e.blockedURI }));
  });
  return async () =>
    (await page.evaluate(() => (window as unknown as { __csp?: Violation[] }).__csp ?? []))
      // zod probes `new Function` once in a try/catch (and falls back); the probe is reported, not a failure.
      .filter((v) => v.blocked !== 'eval');
}

test('the pages, the map with its tiles and a signed-in page work under the CSP', async ({ page }) => {
  const tile = makePng(256, 256);
  let tiles = 0;
  // The CSP is enforced before a request leaves the page: a tile request reaching this route was allowed.
  await page.route('https://tile.openstreetmap.org/**', (route) => {
    tiles += 1;
    return route.fulfill({ status: 200, contentType: 'image/png', body: tile });
  });
  const violations = await watchCsp(page);

  const res = await page.goto('/public');
  expect(res?.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  await expect(page.getByRole('textbox', { name: 'Otsi tooteid' })).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto('/public/search-products?cat=1');
  await expect(page.locator('[data-map-ready]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('result-card').first()).toBeVisible();
  await expect.poll(() => tiles, { message: 'map tiles requested through the CSP' }).toBeGreaterThan(0);
  expect(await violations()).toEqual([]);

  await signIn(page, DEMO.renter.username, DEMO.renter.password);
  await expect(page).toHaveURL(/\/auth\//, { timeout: 20_000 });
  expect(await violations()).toEqual([]);
});

test('another site cannot frame the sign-in page', async ({ page }) => {
  // The answer forbids framing (a blocked frame's document answer is not reported to the page).
  const answer = await page.request.get(`${baseUrl}/public/login`);
  expect(answer.headers()['x-frame-options']).toBe('DENY');
  expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.goto('about:blank');
  // The iframe's load event fires once the browser has settled the frame (a blocked one included).
  await page.setContent(
    `<iframe id="victim" src="${baseUrl}/public/login" width="800" height="600" onload="window.__victimLoaded = true"></iframe>`,
  );
  await page.waitForFunction(() => (window as unknown as { __victimLoaded?: boolean }).__victimLoaded === true);
  await expect(page.frameLocator('#victim').getByLabel('E-post')).toHaveCount(0);
});

test('HEAD / answers 200 and source maps are not served', async ({ request }) => {
  expect((await request.head('/')).status()).toBe(200);
  expect((await request.get('/main.js.map')).status()).toBe(404);
});
