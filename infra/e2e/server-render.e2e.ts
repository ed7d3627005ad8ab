// Issue 28 (ADR 0041): the product and search pages rendered on the server by mf-public's live
// server container. Without JavaScript a visitor, a crawler or a link preview reads the product and
// the first results; with it the page takes over from the server's markup without asking the API
// for them again. Crawlers get /robots.txt and a /sitemap.xml of the public pages and products.
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { baseUrl, expect, test } from './support/fixtures';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { env, runDir, repoRoot } = require('./support/e2e-env.cjs') as { env: Record<string, string>; runDir: string; repoRoot: string };

interface Details {
  id: number;
  name: string;
  images: { url: string }[];
}

/** An active product with an image, from the public API. */
async function someProduct(page: Page): Promise<Details> {
  for (const id of [27, 12, 1, 2, 3, 4, 5]) {
    const res = await page.request.get(`${baseUrl}/api/products/${id}/details`);
    if (!res.ok()) continue;
    const p = (await res.json()) as Details & { deleted: boolean; inactiveReason: string | null };
    if (!p.deleted && p.inactiveReason === null && p.images.length > 0) return p;
  }
  throw new Error('no active product with an image in the demo data');
}

test.describe('server-rendered product page (issue 28)', () => {
  test('without JavaScript the page shows the name, price and image, and carries its Open Graph tags', async ({ browser, page }) => {
    const product = await someProduct(page);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl, locale: 'et-EE' });
    try {
      const noJs = await context.newPage();
      const res = await noJs.goto(`/public/detail-view/${product.id}`);
      expect(res?.status()).toBe(200);
      // The server's markup carries no test ids (only the slice's own page does): read it as a visitor.
      await expect(noJs.getByRole('heading', { level: 1 })).toHaveText(product.name);
      await expect(noJs.getByRole('region', { name: 'Hinnad' })).toContainText(/\d+,\d{2}\s€/);
      const image = noJs.getByRole('region', { name: 'Toote pildid' }).getByRole('img').first();
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(noJs).toHaveTitle(`${product.name} | Rendime`);
      await expect(noJs.locator('meta[property="og:title"]')).toHaveAttribute('content', product.name);
      await expect(noJs.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+/);
      await expect(noJs.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/public/detail-view/${product.id}$`));
      const ld = JSON.parse((await noJs.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
        '@type'?: string;
        offers?: { priceCurrency?: string };
      };
      expect(ld['@type']).toBe('Product');
      expect(ld.offers?.priceCurrency).toBe('EUR');
      // The front page's snapshot chrome frames the page with only the rules its markup can use
      // (ADR 0056), and those still style it: the header stays on top. Every rule of the front
      // page's whole snapshot sheet that was left out matches no element here, or is in the page
      // by another sheet.
      await expect.poll(() => noJs.getByRole('banner').evaluate((h) => getComputedStyle(h).position)).toBe('sticky');
      const front = await context.newPage();
      await front.goto('/public');
      const fullSheet = front.locator('#rendime-prerender-css');
      await expect(fullSheet).toHaveAttribute(
        'data-prerender-key',
        (await noJs.locator('#rendime-prerender-css').getAttribute('data-prerender-key'))!,
      );
      const fullCss = (await fullSheet.textContent()) ?? '';
      const chromeRules = await noJs.evaluate((full) => {
        const selectorsOf = (sheet: CSSStyleSheet) => {
          const out: string[] = [];
          const walk = (rules: CSSRuleList) => {
            for (const rule of Array.from(rules)) {
              if (rule instanceof CSSStyleRule) out.push(rule.selectorText);
              else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
            }
          };
          walk(sheet.cssRules);
          return out;
        };
        const kept = selectorsOf((document.getElementById('rendime-prerender-css') as HTMLStyleElement).sheet!);
        const whole = new CSSStyleSheet();
        whole.replaceSync(full);
        // The slice's server markup brings its own classes' rules (Emotion's style tags in it).
        const keptSet = new Set(Array.from(document.styleSheets).flatMap((sheet) => selectorsOf(sheet)));
        const droppedButMatching = selectorsOf(whole)
          .filter((selector) => !keptSet.has(selector))
          // The pruner drops a rule only by its leading Emotion class; a state (:hover) or a
          // pseudo-element would hide a wrong drop from querySelectorAll, the class does not.
          .filter((selector) => {
            const leading = /^\.(css-[a-z0-9]+)/.exec(selector)?.[1];
            return !leading || document.getElementsByClassName(leading).length > 0;
          });
        return { kept: kept.length, whole: selectorsOf(whole).length, droppedButMatching };
      }, fullCss);
      expect(chromeRules.droppedButMatching).toEqual([]);
      expect(chromeRules.kept).toBeGreaterThan(10);
      expect(chromeRules.kept).toBeLessThan(chromeRules.whole);
    } finally {
      await context.close();
    }
  });

  test('with JavaScript the slice takes over without asking for the product again and without a console error', async ({ page }) => {
    const product = await someProduct(page);
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || /hydrat/i.test(msg.text())) errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    const asked: string[] = [];
    page.on('request', (req) => {
      const p = new URL(req.url()).pathname;
      if (p.startsWith(`/api/products/${product.id}/`) || p === `/api/feedback/${product.id}`) asked.push(p);
    });
    const res = await page.goto(`/public/detail-view/${product.id}`);
    // The page came rendered from the server, so what follows is the slice taking over from it.
    expect(await res?.text()).toContain('data-server-rendered');
    // The slice's own page (the server's holder is gone once it renders).
    await expect(page.locator('[data-remote="mf-public"] [data-testid="product-page"]')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
    await expect(page.getByTestId('product-name')).toHaveText(product.name);
    await expect(page.getByTestId('product-name')).toHaveCount(1);
    // Let any late query go out before counting.
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('server-rendered unknown product page (issue 28)', () => {
  const UNKNOWN = '/public/detail-view/99999';

  test('without JavaScript an unknown product answers 404 with the page\'s "not found" text, its title and noindex', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl, locale: 'et-EE' });
    try {
      const noJs = await context.newPage();
      const res = await noJs.goto(UNKNOWN);
      expect(res?.status()).toBe(404);
      await expect(noJs.getByRole('alert')).toHaveText('Toodet ei leitud.');
      await expect(noJs).toHaveTitle('Toodet ei leitud | Rendime');
      await expect(noJs.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    } finally {
      await context.close();
    }
  });

  test('with JavaScript the slice takes over the 404 page without asking for the product and without a console error', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      // The document's own 404 is the page's status, not an error of the page.
      if ((msg.type() === 'error' && !msg.text().includes('404')) || /hydrat/i.test(msg.text())) errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    const asked: string[] = [];
    page.on('request', (req) => {
      const p = new URL(req.url()).pathname;
      if (p.startsWith('/api/products/99999') || p.startsWith('/api/feedback/99999')) asked.push(p);
    });
    const res = await page.goto(UNKNOWN);
    expect(res?.status()).toBe(404);
    expect(await res?.text()).toContain('data-server-rendered');
    await expect(page.locator('[data-server-rendered]')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.locator('[data-remote="mf-public"]').getByRole('alert')).toHaveText('Toodet ei leitud.');
    await expect(page).toHaveTitle('Toodet ei leitud | Rendime');
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('server-rendered search page (issue 28)', () => {
  test('without JavaScript the search page shows its first results, linked to their products, with its own title and canonical', async ({
    browser,
    page,
  }) => {
    const product = await someProduct(page);
    const words = product.name;
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl, locale: 'et-EE' });
    try {
      const noJs = await context.newPage();
      const res = await noJs.goto(`/public/search-products?search=${encodeURIComponent(words)}&utm_source=x`);
      expect(res?.status()).toBe(200);
      await expect(noJs.getByRole('heading', { level: 1 })).toHaveText('TOOTE OTSING');
      await expect(noJs.getByText(/^Leitud tooteid: \d+\+?$/)).toBeVisible();
      const cards = noJs.getByRole('article');
      expect(await cards.count()).toBeGreaterThan(0);
      // Searched by its whole name, the product is among the first results, linked to its page.
      await expect(noJs.locator(`article a[href="/public/detail-view/${product.id}"]`)).toBeVisible();
      await expect(noJs).toHaveTitle(`Otsing „${words}“ | Rendime`);
      await expect(noJs.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${baseUrl}/public/search-products?${new URLSearchParams({ search: words }).toString()}`,
      );
      await expect(noJs.locator('meta[name="description"]')).toHaveAttribute('content', /^Leitud tooteid: \d+/);
    } finally {
      await context.close();
    }
  });

  test('with JavaScript the search page takes over without asking for the results or categories again and without a console error', async ({
    page,
  }) => {
    const product = await someProduct(page);
    const errors: string[] = [];
    page.on('console', (msg) => {
      // The map's tiles come from another host, out of reach on a machine without internet; the map
      // falls back to its outline of Estonia. Anything from this site's origin counts.
      const from = msg.location().url;
      if (msg.text().startsWith('Failed to load resource') && from && !from.startsWith(baseUrl)) return;
      if (msg.type() === 'error' || /hydrat/i.test(msg.text())) errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    const asked: string[] = [];
    page.on('request', (req) => {
      const p = new URL(req.url()).pathname;
      if (p === '/api/products/search' || p === '/api/category') asked.push(p);
    });
    const res = await page.goto(`/public/search-products?search=${encodeURIComponent(product.name)}`);
    expect(await res?.text()).toContain('data-server-rendered');
    await expect(page.locator('[data-remote="mf-public"] [data-testid="results-grid"]')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
    await expect(page.locator(`[data-testid="result-card"][data-product-id="${product.id}"]`)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('robots.txt and sitemap.xml (issue 28)', () => {
  /** A product that was deleted or taken off rent, from the public API. */
  async function goneProduct(page: Page): Promise<number> {
    for (let id = 1; id <= 400; id++) {
      const res = await page.request.get(`${baseUrl}/api/products/${id}`);
      if (!res.ok()) continue;
      const p = (await res.json()) as { deleted: boolean; inactiveReason: string | null };
      if (p.deleted || p.inactiveReason !== null) return id;
    }
    throw new Error('no deleted product in the demo data');
  }

  test('robots.txt keeps crawlers out of /auth and names the sitemap; the sitemap lists active products and no deleted one, whose page answers 410', async ({
    page,
  }) => {
    const robots = await page.request.get(`${baseUrl}/robots.txt`);
    expect(robots.status()).toBe(200);
    const lines = (await robots.text()).split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /auth', `Sitemap: ${baseUrl}/sitemap.xml`]));

    const res = await page.request.get(`${baseUrl}/sitemap.xml`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/xml/);
    const xml = await res.text();
    // Parsed by the browser's own XML parser: a document with no parse error.
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        root: doc.documentElement.namespaceURI + ' ' + doc.documentElement.localName,
        locs: Array.from(doc.getElementsByTagName('loc')).map((l) => l.textContent ?? ''),
        lastmods: doc.getElementsByTagName('lastmod').length,
      };
    }, xml);
    expect(parsed.error).toBe(false);
    expect(parsed.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9 urlset');
    expect(parsed.locs).toEqual(
      expect.arrayContaining([`${baseUrl}/public`, `${baseUrl}/public/search-products`, `${baseUrl}/public/kkk`]),
    );
    const product = await someProduct(page);
    expect(parsed.locs).toContain(`${baseUrl}/public/detail-view/${product.id}`);
    expect(parsed.lastmods).toBeGreaterThan(0);
    expect(parsed.locs.some((l) => l.includes('/auth'))).toBe(false);

    const gone = await goneProduct(page);
    expect(parsed.locs).not.toContain(`${baseUrl}/public/detail-view/${gone}`);
    const goneRes = await page.request.get(`${baseUrl}/public/detail-view/${gone}`);
    expect([404, 410]).toContain(goneRes.status());
  });
});

test.describe('a new version whose server render fails (issue 28)', () => {
  // ADR 0041's amendment: the previous good version renders the page, and the browser, mounting the
  // new version, takes over from that markup but asks for the product itself (another build's cache
  // is not adopted). The journey starts its OWN shell server on a registry beside the e2e one: the
  // shared platform other journeys see is never touched.
  test("serves the previous version's render; the browser mounts the new version, which asks for its data itself, without a console error", async ({
    browser,
    page,
  }) => {
    test.setTimeout(90_000);
    const product = await someProduct(page);
    const live = JSON.parse(fs.readFileSync(path.join(env.RENDIME_REGISTRY_DIR, 'release-manifest.json'), 'utf8')) as {
      remotes: { name: string; version: string; entry: string }[];
    } & Record<string, unknown>;
    const pub = live.remotes.find((r) => r.name === 'mf-public')!;
    const good = pub.version;
    const next = `${good}-ssr-broken`;
    fs.mkdirSync(runDir, { recursive: true });
    const registryDir = fs.mkdtempSync(path.join(runDir, 'ssr-fallback-'));
    const stored = (v: string) => path.join(registryDir, 'mf-public', v);
    fs.mkdirSync(path.join(registryDir, 'mf-public'), { recursive: true });
    fs.symlinkSync(path.join(env.RENDIME_REGISTRY_DIR, 'mf-public', good), stored(good), 'dir');
    // The new version: the same browser build, a server entry whose render throws.
    fs.mkdirSync(path.join(stored(next), 'server'), { recursive: true });
    for (const f of fs.readdirSync(stored(good)))
      if (f !== 'server') fs.symlinkSync(path.join(stored(good), f), path.join(stored(next), f));
    fs.writeFileSync(
      path.join(stored(next), 'server', 'remoteEntry.js'),
      `module.exports = { init: async () => {}, get: async () => () => ({
        routes: ['/public/detail-view/:id'],
        warm: async () => null,
        render: async () => { throw new Error('${next}: server render broken on purpose'); },
      }) };`,
    );
    const { startRemoteServer, startShellServer } = await import('../scripts/lib/servers.mjs');
    const registry = await import('../scripts/lib/registry.mjs');
    const remoteServer = await startRemoteServer({ name: 'mf-public', registryDir, port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(remoteServer.server.address() as AddressInfo).port}`;
    fs.writeFileSync(
      path.join(registryDir, 'release-manifest.json'),
      JSON.stringify({
        ...live,
        remotes: live.remotes.map((r) =>
          r.name === 'mf-public'
            ? {
                ...r,
                version: next,
                entry: registry.entryUrl(origin, next),
                fallbacks: [{ version: good, entry: registry.entryUrl(origin, good) }],
              }
            : r,
        ),
      }),
    );
    const shellServer = await startShellServer({
      shellDist: path.join(repoRoot, 'shell/dist'),
      registryDir,
      port: 0,
      apiPort: Number(env.RENDIME_API_PORT),
      host: '127.0.0.1',
      runtimeConfig: { mapTileUrl: '' },
      serverRenderBudgetMs: 3_000,
    });
    const shell = `http://127.0.0.1:${(shellServer.server.address() as AddressInfo).port}`;
    const context = await browser.newContext({ baseURL: shell, locale: 'et-EE' });
    try {
      await context.addInitScript(() => window.localStorage.setItem('rendime.cookiesAccepted', 'true'));
      const url = `/public/detail-view/${product.id}`;
      // The previous version's container loads and warms up in this process first (then it renders within the budget).
      let html = '';
      for (let i = 0; i < 40 && !html.includes('data-server-rendered'); i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 500));
        html = await (await context.request.get(`${url}?try=${i}`)).text();
      }
      expect(html).toContain(`<h1`);
      expect(html).toContain(product.name);
      expect(html).toMatch(
        new RegExp(`id="rendime-server-state" data-path="${url}" data-remote="mf-public" data-version="${good.replace(/[.+]/g, '\\$&')}"`),
      );

      const visitor = await context.newPage();
      const errors: string[] = [];
      visitor.on('console', (msg) => {
        if (msg.type() === 'error' || /hydrat/i.test(msg.text())) errors.push(msg.text());
      });
      visitor.on('pageerror', (err) => errors.push(err.message));
      const asked: string[] = [];
      visitor.on('request', (req) => {
        if (new URL(req.url()).pathname === `/api/products/${product.id}/details`) asked.push(req.url());
      });
      const res = await visitor.goto(url);
      expect(await res?.text()).toContain('data-server-rendered');
      // The new version is the one mounted: it loaded from its own folder.
      await expect(visitor.locator('[data-remote="mf-public"] [data-testid="product-page"]')).toBeVisible({ timeout: 20_000 });
      await expect(visitor.locator('[data-server-rendered]')).toHaveCount(0);
      await expect(visitor.getByTestId('product-name')).toHaveText(product.name);
      const loaded = await visitor.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
      expect(loaded).toContain(registry.entryUrl(origin, next));
      // Another build's cache was not adopted: the mounted version asked for the product once, itself.
      await visitor.waitForLoadState('networkidle');
      expect(asked).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await shellServer.close();
      await remoteServer.close();
      fs.rmSync(registryDir, { recursive: true, force: true });
    }
  });
});

// ADR 0055: Chakra's layer order, reset and token variables come in the shell's index.html, built
// with the kernel's system. No page computes and inserts them at start-up, and neither the front
// page's snapshot nor the slice's server markup carries a second copy.
test.describe("the platform's global CSS (ADR 0055)", () => {
  /** The style sheets on the page that define the brand token, by their element's id or data-emotion. */
  const tokenSheets = (page: Page) =>
    page.evaluate(() =>
      [...document.styleSheets]
        .filter((sheet) => [...sheet.cssRules].some((r) => r.cssText.includes('--chakra-colors-brand-500:')))
        .map((sheet) => {
          const el = sheet.ownerNode as Element | null;
          return el?.id || el?.getAttribute('data-emotion') || el?.tagName || '?';
        }),
    );

  test('is in the page once, from its HTML: on the painted front and product pages without JavaScript, and on every page after the start', async ({
    browser,
    page,
  }) => {
    const product = await someProduct(page);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl });
    try {
      const noJs = await context.newPage();
      for (const at of ['/public', `/public/detail-view/${product.id}`, '/public/search-products?search=haagis']) {
        await noJs.goto(at);
        expect(await tokenSheets(noJs), at).toEqual(['rendime-platform-globals']);
        // Applied: Chakra's reset (line height 1.5) and the brand variable.
        expect(await noJs.evaluate(() => getComputedStyle(document.documentElement).lineHeight), at).not.toBe('normal');
        expect(
          await noJs.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-brand-500').trim()),
          at,
        ).toBe('#39C689');
      }
    } finally {
      await context.close();
    }
    // With JavaScript, after the slice has taken over: a painted page, and a page the browser renders.
    await page.goto(`/public/detail-view/${product.id}`);
    await expect(page.getByTestId('product-name')).toHaveText(product.name);
    expect(await tokenSheets(page)).toEqual(['rendime-platform-globals']);
    await page.goto('/public/login');
    await expect(page.getByRole('button', { name: 'Logi sisse', exact: true })).toBeVisible();
    expect(await tokenSheets(page)).toEqual(['rendime-platform-globals']);
    // Chakra's recipes still land in their layer after the page's order: a solid button is the brand's text green.
    expect(await page.getByRole('button', { name: 'Logi sisse', exact: true }).evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(
      'rgb(34, 119, 82)',
    );
  });
});
