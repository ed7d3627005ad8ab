// Issue 28 (ADR 0041): the product page rendered on the server by mf-public's live server
// container. Without JavaScript a visitor, a crawler or a link preview reads the product; with it
// the page takes over from the server's markup without asking the API for the product again.
import type { Page } from '@playwright/test';
import { baseUrl, expect, test } from './support/fixtures';

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
