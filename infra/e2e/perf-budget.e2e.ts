// Issue 16, acceptance 1: the JS a cold load of the front, search and product pages fetches stays
// within the checked-in budgets (infra/perf-budgets.json says how they were set and how to update
// them). Bytes and file counts only: exact on a given build, no timing.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { coldLoad, PERF_ROUTES } from './support/cold-load';
import type { Browser, Page } from '@playwright/test';
import { baseUrl, expect, test } from './support/fixtures';
import { mapClusters } from './support/map-handle';
import { desktopContext, phoneContext } from './support/device-context';

/** Neither the shell's zod file was fetched nor did zod run (its global config), whatever file carried it. */
async function expectNoZod(page: Page, requests: string[]): Promise<void> {
  expect(requests.filter((u) => /\/zod\.[0-9a-f]+\.js$/.test(u))).toEqual([]);
  expect(await page.evaluate(() => '__zod_globalConfig' in globalThis)).toBe(false);
}

/**
 * Opens one of the budget routes cold on a phone or a desktop, as far as the route's ready mark,
 * recording the URL of every request the page makes (`requests` keeps growing after), then hands
 * both to `use`; the context is closed after, whatever `use` does.
 */
async function onColdRoute(
  browser: Browser,
  device: 'phone' | 'desktop',
  key: (typeof PERF_ROUTES)[number]['key'],
  use: (page: Page, requests: string[]) => Promise<void>,
): Promise<void> {
  const route = PERF_ROUTES.find((r) => r.key === key)!;
  const context = await (device === 'phone' ? phoneContext : desktopContext)(browser, baseUrl);
  try {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(route.path);
    await route.ready(page);
    await use(page, requests);
  } finally {
    await context.close();
  }
}

interface Budget {
  jsBrotli: number;
  jsRequests: number;
}
const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../perf-budgets.json'), 'utf8')) as {
  routes: Record<string, { budget: Budget; target: Partial<Budget> }>;
};

for (const route of PERF_ROUTES) {
  test(`${route.key} page (${route.path}) stays within its JS budget`, async ({ browser }) => {
    const entry = file.routes[route.key];
    expect(entry, `infra/perf-budgets.json has no budget for ${route.key}`).toBeDefined();
    const load = await coldLoad(browser, baseUrl, route.path, route.ready);
    console.log(
      `[budget] ${route.key}: jsBrotli ${load.jsBrotli} (budget ${entry.budget.jsBrotli}, target ${entry.target.jsBrotli ?? '-'}), jsRequests ${load.jsRequests} (budget ${entry.budget.jsRequests}); ${load.requests} requests in all`,
    );
    const files = load.scripts.map((s) => `${s.brotli}\t${s.url}`).join('\n');
    if (process.env.PERF_LIST) console.log(files);
    // The figures on the first line: CI's summary keeps only that one.
    expect
      .soft(load.jsBrotli, `brotli JS bytes on ${route.path}: ${load.jsBrotli} (budget ${entry.budget.jsBrotli})\n${files}`)
      .toBeLessThanOrEqual(entry.budget.jsBrotli);
    expect
      .soft(load.jsRequests, `script files on ${route.path}: ${load.jsRequests} (budget ${entry.budget.jsRequests})\n${files}`)
      .toBeLessThanOrEqual(entry.budget.jsRequests);
  });
}

// Issue 17, acceptance 5: the owner widget's JS on an owner's page with no React of its own is the
// platform's loader plus the live widget bundle it loads, nothing else. Exact bytes of what the
// platform serves, no timing (infra/scripts/bench-widget.mjs measures the time to render).
test("the owner widget's loader and bundle stay within 60 KB brotli", async () => {
  const budget = (file as unknown as { embeds: Record<string, { budget: { jsBrotli: number } }> }).embeds['owner-widget'].budget.jsBrotli;
  const get = async (url: string) => {
    const res = await fetch(url);
    expect(res.status, url).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
  const brotli = (body: Buffer) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const manifest = JSON.parse((await get(`${baseUrl}/release-manifest.json`)).toString('utf8')) as {
    remotes: { name: string; entry: string; embeds?: Record<string, string> }[];
  };
  const remote = manifest.remotes.find((r) => r.embeds?.['owner-widget']);
  expect(remote, 'a live remote declares the owner widget').toBeDefined();
  const widgetUrl = new URL(remote!.embeds!['owner-widget'], remote!.entry).toString();
  const loader = brotli(await get(`${baseUrl}/widget/loader.js`));
  const widget = brotli(await get(widgetUrl));
  console.log(`[budget] owner-widget: jsBrotli ${loader + widget} (loader ${loader}, widget ${widget}; budget ${budget})`);
  expect(loader + widget).toBeLessThanOrEqual(budget);
});

// Issue 28: on a phone the booking panel (another slice's widget: its entry, code and form) sits
// below the whole product; the page fetches it once the visitor starts scrolling, not on the first load.
test('on a phone, the product page loads no zod and fetches the booking panel once the visitor scrolls, not before', async ({
  browser,
}) => {
  await onColdRoute(browser, 'phone', 'product', async (page, requests) => {
    await page.waitForLoadState('networkidle');
    const panel = page.getByTestId('widget-mf-booking-booking-panel');
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId('booking').getByTestId('near-view-placeholder')).toHaveCount(1);
    const firstLoad = requests.length;
    // The server's render hands the page its answers, so nothing on the first load parses one:
    // zod and the schemas load only when the page asks the API again (mf-public's lazy schemas).
    await expectNoZod(page, requests);

    // The first scroll, still far above the panel, starts loading it.
    await page.evaluate(() => window.scrollBy(0, 120));
    await expect(panel).toHaveAttribute('data-state', 'ready');
    expect(requests.slice(firstLoad).filter((u) => u.endsWith('/remoteEntry.js'))).toHaveLength(1);
    await page.getByTestId('booking').scrollIntoViewIfNeeded();
    await expect(panel.getByRole('button').first()).toBeVisible();
  });
});

// Issue 28: on a phone the search page shows no map, so it asks for no markers; its filters' schema
// loads with the form's first check and its answers come from the server's render, so the first
// load fetches no zod. The filters still check what is typed once zod has come.
test('on a phone, the search page loads no zod and asks for no markers; the filters still check their fields', async ({ browser }) => {
  await onColdRoute(browser, 'phone', 'search', async (page, requests) => {
    await page.waitForLoadState('networkidle');
    await expectNoZod(page, requests);
    expect(requests.filter((u) => u.includes('/api/products/markers'))).toEqual([]);

    const filters = page.getByTestId('search-filters');
    const maxPrice = filters.getByLabel('Kuni (€)');
    await filters.getByLabel('Alates (€)').fill('50');
    await maxPrice.fill('10');
    await maxPrice.blur();
    await expect(maxPrice).toHaveAccessibleErrorMessage('Ülemine piir ei saa olla alumisest väiksem');
  });
});

// Issue 28: a desktop shows the map, whose markers are checked by the kernel's zod-free guard
// (MarkerListGuard), so the first load there fetches no zod either; a marker answer that breaks
// the contract is still refused (no marker drawn from it).
test('on a desktop, the search page draws its markers without loading zod, and draws none from a broken answer', async ({ browser }) => {
  await onColdRoute(browser, 'desktop', 'search', async (page, requests) => {
    await expect(page.locator('[data-map-ready]')).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await mapClusters(page)).length, { message: 'markers on the map', timeout: 20_000 }).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => u.includes('/api/products/markers')).length).toBeGreaterThan(0);
    await expectNoZod(page, requests);

    // A marker whose price is text: the whole answer is refused, so nothing is drawn from it.
    const broken = { id: 1, title: 'x', imageUrl: null, priceDaily: 'x', location: 'Tallinn', lat: 59.4, lon: 24.7 };
    await page.route('**/api/products/markers**', (route) => route.fulfill({ json: { markers: [broken], truncated: false } }));
    const answered = page.waitForResponse((r) => r.url().includes('/api/products/markers'));
    await page.reload();
    await answered;
    await expect(page.locator('[data-map-ready]')).toBeVisible({ timeout: 30_000 });
    // Drawn first (mapClusters), so an empty map is the refusal, not a frame not yet drawn.
    expect(await mapClusters(page)).toEqual([]);
  });
});

// Issue 28: the calendar panel of a product that is not paid-and-rented takes zod with its form's
// first check (mf-booking's pick-schema), and pay-and-rent's panel is a file of its own, so a
// desktop's product page, panel in view, loads no zod on its first load.
test('on a desktop, the product page shows its booking calendar without loading zod', async ({ browser }) => {
  await onColdRoute(browser, 'desktop', 'product', async (page, requests) => {
    await expect(page.getByTestId('widget-mf-booking-booking-panel')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('booking-panel')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoZod(page, requests);
  });
});
