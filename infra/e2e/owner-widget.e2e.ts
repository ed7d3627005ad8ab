// Issue 17 in a real browser: the B2B owner's widget on other websites. A host site of this test's
// own (127.0.0.1, its own port: another origin than the platform's localhost) serves plain HTML
// pages with the owner's snippet; the widget comes through the platform's loader from the live
// release manifest. Acceptance 4 publishes a changed copy of mf-public's build into the journey
// platform's registry and rolls it back before the test ends.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEMO } from './support/demo-users';
import { baseUrl, expect, signIn, test } from './support/fixtures';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { env, repoRoot } = require('./support/e2e-env.cjs') as { env: Record<string, string>; repoRoot: string };

/** The host site's port: E2E_WIDGET_HOST_PORT, or the platform's port + 90 (4090 beside 4000). */
const HOST_PORT = Number(process.env.E2E_WIDGET_HOST_PORT || Number(env.RENDIME_SHELL_PORT) + 90);

interface HostSite {
  origin: string;
  setOwner(id: number): void;
  setPage(at: string, body: string): void;
  stop(): Promise<void>;
}
interface WidgetAnswer {
  owner: { id: number; name: string };
  products: { id: number; title: string; productUrl: string; dailyPriceCents: number; vatIncluded: boolean }[];
}

let host: HostSite;
let ownerId: number;
let answer: WidgetAnswer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  // The demo business owner's id, as their own session says.
  const context = await browser.newContext({ baseURL: baseUrl });
  await context.addInitScript(() => window.localStorage.setItem('rendime.cookiesAccepted', 'true'));
  const page = await context.newPage();
  await signIn(page, DEMO.businessOwner.username, DEMO.businessOwner.password);
  await expect(page).toHaveURL(/\/auth\//, { timeout: 30_000 });
  ownerId = await page.evaluate(async () => ((await (await fetch('/api/users/session')).json()) as { id: number }).id);
  await context.close();
  const res = await fetch(`${baseUrl}/api/public/owners/${ownerId}/widget-products?limit=6`);
  expect(res.status).toBe(200);
  answer = (await res.json()) as WidgetAnswer;
  expect(answer.products.length, 'the demo business owner has products to show').toBeGreaterThan(0);
  const { startHostSite } = (await import('../scripts/lib/widget-host-pages.mjs')) as {
    startHostSite: (o: { port: number; platformOrigin: string; ownerId: number }) => Promise<HostSite>;
  };
  host = await startHostSite({ port: HOST_PORT, platformOrigin: baseUrl, ownerId });
});

test.afterAll(async () => {
  await host?.stop();
});

/** Console errors and uncaught errors of a page, to assert the widget adds none. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  return problems;
}

const widget = (page: Page, scope = 'body') => page.locator(`${scope} [data-rendime-owner] .rw`);
const cards = (page: Page, scope = 'body') => page.locator(`${scope} [data-rendime-owner] .rw-card`);

/** What the host page could break: computed styles and box sizes of a card's parts. */
async function lookOf(card: Locator) {
  const part = (selector: string) =>
    card.locator(selector).evaluate((el) => {
      const s = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return {
        color: s.color,
        fontSize: s.fontSize,
        fontFamily: s.fontFamily,
        fontWeight: s.fontWeight,
        lineHeight: s.lineHeight,
        letterSpacing: s.letterSpacing,
        textTransform: s.textTransform,
        textDecoration: s.textDecorationLine,
        display: s.display,
        padding: s.padding,
        margin: s.margin,
        background: s.backgroundColor,
        width: Math.round(box.width),
        height: Math.round(box.height),
      };
    });
  return {
    card: await card.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return { width: Math.round(box.width), height: Math.round(box.height), border: getComputedStyle(el).border };
    }),
    title: await part('.rw-title'),
    price: await part('.rw-price'),
    rent: await part('.rw-rent'),
    media: await part('.rw-media'),
  };
}

test("a plain page on another origin shows the owner's products; a page with hostile global CSS leaves the widget's look unchanged", async ({
  page,
  openPage,
}) => {
  const problems = problemsOf(page);
  await page.goto(`${host.origin}/plain.html`);
  await expect(cards(page)).toHaveCount(answer.products.length, { timeout: 30_000 });
  await expect(page.locator('[data-rendime-owner] .rw-title')).toHaveText(answer.products.map((p) => p.title));
  const first = cards(page).first();
  await expect(first.locator('.rw-price')).toContainText('€ / päev');
  if (answer.products[0].vatIncluded) await expect(first.locator('.rw-vat')).toHaveText('km-ga');
  await expect(first.locator('.rw-rent')).toHaveText('Rendi');
  // The root names the build of mf-public that rendered it.
  await expect(widget(page)).toHaveAttribute('data-version', /^\d+\.\d+\.\d+/);

  const hostile = await openPage();
  const hostileProblems = problemsOf(hostile);
  await hostile.goto(`${host.origin}/hostile.html`);
  await expect(cards(hostile)).toHaveCount(answer.products.length, { timeout: 30_000 });
  // The hostile CSS is in force on the host page itself...
  await expect(hostile.locator('#host-heading')).toHaveCSS('color', 'rgb(255, 0, 0)');
  await expect(hostile.locator('#host-heading')).toHaveCSS('font-size', '40px');
  // ...and nothing of it inside the widget: every card's parts look and measure the same.
  for (let i = 0; i < answer.products.length; i++) {
    expect(await lookOf(cards(hostile).nth(i)), `card ${i + 1}`).toEqual(await lookOf(cards(page).nth(i)));
  }
  const hostBox = async (p: Page) =>
    p.locator('[data-rendime-owner]').evaluate((el) => ({
      display: getComputedStyle(el).display,
      padding: getComputedStyle(el).padding,
      border: getComputedStyle(el).borderTopWidth,
    }));
  expect(await hostBox(hostile)).toEqual(await hostBox(page));
  // The widget's own CSS stays inside: the host's element with the widget's class names keeps the browser's defaults.
  const lookalike = page.locator('#host-lookalike');
  await expect(lookalike).toHaveCSS('color', 'rgb(0, 0, 0)');
  await expect(lookalike).toHaveCSS('font-size', '16px');
  await expect(lookalike).toHaveCSS('font-weight', '400');
  await expect(lookalike).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  expect(await page.evaluate(() => document.querySelectorAll('style').length), 'no style element in the page itself').toBe(0);
  expect(problems).toEqual([]);
  expect(hostileProblems).toEqual([]);
});

test("the snippet the owner copies from 'Minu tooted', pasted into their own page, shows their products as set", async ({
  page,
  openPage,
}) => {
  await signIn(page, DEMO.businessOwner.username, DEMO.businessOwner.password);
  await expect(page).toHaveURL(/\/auth\//, { timeout: 30_000 });
  await page.goto('/auth/my-products');
  const section = page.getByRole('region', { name: 'Toodete vidin sinu kodulehele' });
  await section.getByLabel('Kujundus').selectOption({ label: 'Nimekiri' });
  await section.getByLabel('Toodete arv (1–24)').fill('2');
  const code = section.getByTestId('owner-widget-snippet');
  await expect(code).toHaveValue(/data-layout="list" data-limit="2"/);
  host.setPage('/pasted.html', await code.inputValue());

  const visitor = await openPage();
  await visitor.goto(`${host.origin}/pasted.html`);
  await expect(cards(visitor)).toHaveCount(Math.min(2, answer.products.length), { timeout: 30_000 });
  await expect(widget(visitor)).toHaveAttribute('data-layout', 'list');
  await expect(visitor.locator('[data-rendime-owner] .rw-title').first()).toHaveText(answer.products[0].title);
});

test('several widget elements on one page all render, each with its own layout and limit', async ({ page }) => {
  await page.goto(`${host.origin}/several.html`);
  await expect(cards(page, '#first')).toHaveCount(Math.min(2, answer.products.length), { timeout: 30_000 });
  await expect(cards(page, '#second')).toHaveCount(1);
  await expect(widget(page, '#second')).toHaveAttribute('data-layout', 'list');
  // One loader run for the page: the manifest is read once however many snippets there are.
  expect(
    await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/release-manifest.json')).length),
  ).toBe(1);
});

test('an element a single-page host app adds after load renders too', async ({ page }) => {
  await page.goto(`${host.origin}/several.html`);
  await expect(cards(page, '#first')).toHaveCount(Math.min(2, answer.products.length), { timeout: 30_000 });
  await page.evaluate(() => {
    const owner = document.querySelector('#first [data-rendime-owner]')?.getAttribute('data-rendime-owner') ?? '';
    const later = document.createElement('section');
    later.id = 'later';
    later.innerHTML = `<div data-rendime-owner="${owner}" data-layout="list" data-limit="1"></div>`;
    document.body.append(later);
  });
  await expect(cards(page, '#later')).toHaveCount(1, { timeout: 30_000 });
  await expect(widget(page, '#later')).toHaveAttribute('data-layout', 'list');
});

test("'Rendi' opens the product's page on the platform in a new tab", async ({ page }) => {
  await page.goto(`${host.origin}/plain.html`);
  const first = cards(page).first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  const product = answer.products[0];
  await expect(first.locator('.rw-rent')).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), first.locator('.rw-rent').click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(product.productUrl);
  expect(tab.url().startsWith(`${baseUrl}/public/detail-view/${product.id}`)).toBe(true);
  await expect(tab.getByTestId('product-name')).toContainText(product.title, { timeout: 30_000 });
  // noopener: the platform's tab has no handle on the owner's page.
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  // The host page is still there, as it was.
  await expect(cards(page)).toHaveCount(answer.products.length);
});

test('a host page with its own React 18 keeps working, and the widget renders beside it', async ({ page }) => {
  const problems = problemsOf(page);
  await page.goto(`${host.origin}/react18.html`);
  await expect(page.locator('#host-react-version')).toHaveText(/^React 18\.3\.1$/);
  await expect(cards(page)).toHaveCount(answer.products.length, { timeout: 30_000 });
  const counter = page.locator('#host-counter');
  await counter.click();
  await counter.click();
  await expect(counter).toHaveText('Klikke: 2');
  // The widget brought no React of its own and touched none of the page's globals.
  expect(await page.evaluate(() => (window as unknown as { React: { version: string } }).React.version)).toBe('18.3.1');
  expect(await page.evaluate(() => Object.keys(window).filter((k) => /^webpackChunk|^__federation|^__FEDERATION/.test(k)))).toEqual([]);
  expect(problems).toEqual([]);
});

test('a widget version published through the release system reaches the host page on reload; a rollback takes it back', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['infra/scripts/registry.mjs', ...args, '--by', 'owner-widget-e2e'], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 300_000,
    });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  };
  await page.goto(`${host.origin}/plain.html`);
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  const before = await widget(page).getAttribute('data-version');
  expect(before).toMatch(/^\d+\.\d+\.\d+$/);

  // A changed widget: mf-public's build with the version the widget reports bumped.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rendime-widget-e2e-'));
  try {
    const copy = path.join(tmp, 'mf-public');
    fs.cpSync(path.join(repoRoot, 'mf-public/dist'), copy, { recursive: true });
    const file = path.join(copy, 'owner-widget.js');
    const code = fs.readFileSync(file, 'utf8');
    const next = `${before}-widget.e2e`;
    const patched = code.split(JSON.stringify(before)).join(JSON.stringify(next));
    expect(patched, 'the widget carries its version').not.toBe(code);
    fs.writeFileSync(file, patched);

    const published = cli('publish', 'mf-public', '--build-dir', copy);
    expect(published.out).toMatch(/published mf-public@/);
    expect(published.status).toBe(0);
    try {
      await page.reload();
      await expect(widget(page)).toHaveAttribute('data-version', next, { timeout: 30_000 });
      await expect(cards(page)).toHaveCount(answer.products.length);
    } finally {
      const back = cli('rollback', 'mf-public');
      expect(back.out).toMatch(/is live again/);
      expect(back.status).toBe(0);
    }
    await page.reload();
    await expect(widget(page)).toHaveAttribute('data-version', before!, { timeout: 30_000 });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
