// Map search and the public product page (issue 5): acceptance 1-3 in a real browser.
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage } from './support/browser';
import { DEMO } from './support/demo-users';
import { expectText as hasText, expectVisible as visible, poll } from './support/waits';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Handle {
  zoom(): number;
  clusters(): { x: number; y: number; size: number }[];
}
const mapZoom = (page: Page) => page.evaluate(() => (document.querySelector('[data-map-ready]') as unknown as { __rendimeMap: Handle }).__rendimeMap.zoom());
const mapClusters = (page: Page) =>
  page.evaluate(() => (document.querySelector('[data-map-ready]') as unknown as { __rendimeMap: Handle }).__rendimeMap.clusters());

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${baseUrl}/api${path}`);
  return (await res.json()) as T;
}

/** Like support/browser's signIn, but exact about the button (the page also has a Google sign-in button). */
async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/public/login');
  const me = await page.evaluate(async () => (await fetch('/api/users/session')).status);
  // Registering signs the new user in; the sign-in page then sends them on.
  if (me === 200) return;
  await page.getByLabel('E-post').fill(username);
  await page.getByLabel('Parool').fill(password);
  await page.getByRole('button', { name: 'Logi sisse', exact: true }).click();
  await poll(async () => page.url(), (u) => !u.includes('/public/login'), 'leaving the sign-in page');
}

const unique = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ee`;
async function createUser(page: Page, email: string, password: string): Promise<void> {
  const status = await page.evaluate(
    async ([username, pw]) =>
      (
        await fetch('/api/users/register', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username, password: pw, type: 'B2C', countryCode: 'EE', contactInfos: [{ type: 'EMAIL', value: username, prime: false }] }),
        })
      ).status,
    [email, password] as const,
  );
  expect(status).toBe(200);
}

describe('map search (acceptance 1)', () => {
  it("'haagis' from the front page lists trailers, cheapest first when chosen", async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await page.goto('/public');
    const hero = page.locator('form[role="search"] input').first();
    await hero.fill('haagis');
    await hero.press('Enter');
    await poll(async () => page.url(), (u) => u.includes('/public/search-products') && u.includes('search=haagis'), 'search URL');
    await visible(page.getByTestId('result-card'));
    const titles = await page.getByTestId('result-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-id')));
    expect(titles.length).toBeGreaterThan(3);
    await page.getByRole('combobox', { name: 'Järjesta' }).selectOption('CHEAP_FIRST');
    await poll(async () => page.url(), (u) => u.includes('sort=CHEAP_FIRST'), 'sort in URL');
    const prices = await poll(
      async () => page.getByTestId('result-price').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-price')))),
      (list) => list.length > 3 && list.every((p, i) => i === 0 || list[i - 1] <= p),
      'ascending prices',
    );
    expect(prices[0]).toBeLessThanOrEqual(prices[prices.length - 1]);
    await context.close();
  });

  it('a category shortcut presets the category (tools, cat=4)', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await page.goto('/otsing/tooriistad/rent');
    await poll(async () => page.url(), (u) => u.includes('/public/search-products') && u.includes('cat=4'), 'shortcut to cat=4', 20000);
    await poll(() => page.getByRole('combobox', { name: 'Kategooria', exact: true }).inputValue(), (v) => v === '4', 'category preset');
    await visible(page.getByTestId('result-card'));
    await context.close();
  });

  it('clicking a cluster zooms in and a marker opens its card', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto('/public/search-products?cat=1');
    await visible(page.locator('[data-map-ready]'), 30000);
    await poll(() => mapClusters(page), (list) => list.some((c) => c.size > 1), 'clusters on the map', 20000);
    const box = (await page.locator('[data-map-ready]').boundingBox())!;
    const inView = (c: { x: number; y: number }) => c.x > 20 && c.y > 20 && c.x < box.width - 20 && c.y < box.height - 20;
    const before = await mapZoom(page);
    const biggest = (await mapClusters(page)).filter(inView).sort((a, b) => b.size - a.size)[0];
    await page.mouse.click(box.x + biggest.x, box.y + biggest.y);
    await poll(() => mapZoom(page), (z) => z > before, 'zoom after cluster click');
    // Keep opening clusters until a single marker is on screen, then click it.
    for (let i = 0; i < 8; i++) {
      await page.waitForTimeout(400);
      const list = (await mapClusters(page)).filter(inView);
      const single = list.find((c) => c.size === 1);
      if (single) {
        await page.mouse.click(box.x + single.x, box.y + single.y);
        break;
      }
      const next = list.sort((a, b) => b.size - a.size)[0];
      await page.mouse.click(box.x + next.x, box.y + next.y);
    }
    await visible(page.getByTestId('marker-card'));
    const href = await page.getByTestId('marker-card').locator('a').first().getAttribute('href');
    expect(href).toMatch(/^\/public\/detail-view\/\d+$/);
    await context.close();
  });
});

describe('product page (acceptance 2)', () => {
  it('shows every section for a demo product', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await page.goto('/public/detail-view/1');
    await visible(page.getByTestId('product-name'), 20000);
    for (const id of ['gallery', 'product-category', 'product-description', 'prices', 'deposit', 'rating', 'services', 'booking', 'location', 'questions']) {
      await visible(page.getByTestId(id));
    }
    await hasText(page.getByTestId('product-category'), ' - ');
    await visible(page.locator('nav[aria-label="Asukoht lehel"]'));
    await visible(page.getByTestId('product-map'), 20000);
    // Visitors see no share / feedback buttons.
    expect(await page.getByRole('button', { name: 'Jaga' }).count()).toBe(0);
    await context.close();
  });

  it('product 229 opens on /public/raasilla; a deleted product goes to the deleted view', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await page.goto('/public/raasilla');
    await hasText(page.getByTestId('product-name'), 'Rääsilla', 20000);
    expect(await page.getByTestId('product-page').getAttribute('data-product-id')).toBe('229');
    let deletedId = 0;
    for (let id = 1; id < 120 && !deletedId; id++) {
      const p = await api<{ deleted?: boolean }>(page, `/products/${id}`);
      if (p.deleted) deletedId = id;
    }
    expect(deletedId).toBeGreaterThan(0);
    await page.goto(`/public/detail-view/${deletedId}`);
    await poll(async () => page.url(), (u) => u.endsWith('/public/deleted'), 'deleted view', 20000);
    await context.close();
  });
});

describe('questions (acceptance 3)', () => {
  it("a third own question is refused with 'Liiga palju sisestusi'; the owner's answer is then visible to a visitor", async () => {
    const asker = await newPage(browser, { acceptCookies: true });
    await asker.page.goto('/public/kkk');
    const email = unique('kysija');
    await createUser(asker.page, email, 'Kysija1234');
    // A product of the private demo owner.
    const owner = await newPage(browser, { acceptCookies: true });
    await signIn(owner.page, 'omanik@rendime.ee', 'Omanik123');
    const me = await api<{ id: number }>(owner.page, '/users/session');
    const products = await api<{ id: number }[]>(owner.page, `/products/customer-products/${me.id}?perPage=50`);
    const productId = products[products.length - 1].id;

    await signIn(asker.page, email, 'Kysija1234');
    await asker.page.goto(`/public/detail-view/${productId}`);
    const form = asker.page.getByTestId('ask-form');
    await visible(form, 20000);
    const text = `Kas saab ka pühapäeval? ${Date.now()}`;
    for (const q of [text, 'Kas rihmad on kaasas?']) {
      await form.locator('textarea').fill(q);
      await form.getByRole('button', { name: 'Küsi' }).click();
      await visible(asker.page.getByTestId('question').filter({ hasText: q }));
      await poll(() => form.locator('textarea').inputValue(), (v) => v === '', 'the field cleared');
    }
    await form.locator('textarea').fill('Kolmas küsimus');
    await form.getByRole('button', { name: 'Küsi' }).click();
    await hasText(form.locator('[role="alert"]'), 'Liiga palju sisestusi');

    await owner.page.goto(`/public/detail-view/${productId}`);
    const question = owner.page.getByTestId('question').filter({ hasText: text });
    await visible(question, 20000);
    await question.getByRole('button', { name: 'Vasta' }).click();
    await question.locator('textarea').fill('Jah, pühapäeval ka.');
    await question.getByRole('button', { name: 'Saada vastus' }).click();
    await visible(question.getByTestId('answer'));

    const visitor = await newPage(browser, { acceptCookies: true });
    await visitor.page.goto(`/public/detail-view/${productId}`);
    const seen = visitor.page.getByTestId('question').filter({ hasText: text });
    await visible(seen, 20000);
    await hasText(seen.getByTestId('answer'), 'Jah, pühapäeval ka.');
    // The unanswered second question stays hidden from visitors.
    expect(await visitor.page.getByTestId('question').filter({ hasText: 'Kas rihmad on kaasas?' }).count()).toBe(0);
    for (const s of [asker, owner, visitor]) await s.context.close();
  });
});

void DEMO;
