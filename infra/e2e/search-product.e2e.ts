// Map search and the public product page (issue 5): acceptance 1-3 in a real browser.
import type { Page } from '@playwright/test';
import { baseUrl, expect, registerUser, signIn, test, uniqueEmail } from './support/fixtures';
import { mapClusters, mapZoom } from './support/map-handle';

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${baseUrl}/api${path}`);
  return (await res.json()) as T;
}

/** Signs in unless the page already has a session (registering signs the new user in). */
async function ensureSignedIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/public/login');
  const me = await page.evaluate(async () => (await fetch('/api/users/session')).status);
  if (me === 200 && (await api<{ username?: string } | null>(page, '/users/session'))?.username === username) return;
  await signIn(page, username, password);
  await expect(page).not.toHaveURL(/\/public\/login/);
}

test.describe('map search (acceptance 1)', () => {
  test("'haagis' from the front page lists trailers, cheapest first when chosen", async ({ page }) => {
    await page.goto('/public');
    const hero = page.getByRole('textbox', { name: 'Otsi tooteid' });
    await hero.fill('haagis');
    await hero.press('Enter');
    await expect(page).toHaveURL(/\/public\/search-products\?(.*&)?search=haagis/);
    await expect(page.getByTestId('result-card').first()).toBeVisible();
    expect(await page.getByTestId('result-card').count()).toBeGreaterThan(3);
    await page.getByRole('combobox', { name: 'Järjesta' }).selectOption('CHEAP_FIRST');
    await expect(page).toHaveURL(/sort=CHEAP_FIRST/);
    await expect
      .poll(
        async () => {
          const list = await page.getByTestId('result-price').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-price'))));
          return list.length > 3 && list.every((p, i) => i === 0 || list[i - 1] <= p);
        },
        { message: 'more than three prices, in ascending order' },
      )
      .toBe(true);
  });

  test('a link past the last page is rendered on the server as the last page, with the real count, and the browser takes over unchanged', async ({
    page,
  }) => {
    const first = await api<{ loadedCount: number }[]>(page, '/products/search?name=haagis&page=0&perPage=20');
    const total = first[0]!.loadedCount;
    const pages = Math.ceil(total / 20);
    expect(pages).toBeGreaterThan(1);
    const errors: string[] = [];
    page.on('console', (msg) => {
      // The map's tiles come from another host, out of reach offline; this site's own errors count.
      const from = msg.location().url;
      if (msg.text().startsWith('Failed to load resource') && from && !from.startsWith(baseUrl)) return;
      if (msg.type() === 'error' || /hydrat/i.test(msg.text())) errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    const notice = `Lehte ${pages + 1} ei ole: leitud tooted mahuvad ${pages} lehele. Näitan viimast lehte.`;
    const res = await page.goto(`/public/search-products?search=haagis&page=${pages + 1}`);
    const html = (await res?.text()) ?? '';
    // The server's first frame already says what the browser will.
    expect(html).toContain('data-server-rendered');
    expect(html).toContain(notice);
    expect(html).toContain(`Leitud tooteid: ${total}`);
    expect(html).not.toContain('data-testid="no-results"');
    const slice = page.locator('[data-remote="mf-public"]');
    await expect(slice.getByTestId('results-grid')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
    await expect(slice.getByTestId('search-past-end')).toHaveText(notice);
    await expect(slice.getByTestId('result-count')).toHaveText(`Leitud tooteid: ${total}`);
    await expect(slice.getByRole('navigation', { name: `Leht ${pages} / ${pages}` })).toBeVisible();
    await expect(slice.getByTestId('result-card')).toHaveCount(total - (pages - 1) * 20);
    // A way back: the page before the last one shown.
    await slice.getByRole('button', { name: 'Eelmine' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${pages - 1}(&|$)`));
    await expect(slice.getByRole('navigation', { name: `Leht ${pages - 1} / ${pages}` })).toBeVisible();
    await expect(slice.getByTestId('search-past-end')).toHaveCount(0);
    // An absurd page is the last page too.
    await page.goto('/public/search-products?search=haagis&page=999999');
    await expect(slice.getByTestId('search-past-end')).toHaveText(
      `Lehte 999999 ei ole: leitud tooted mahuvad ${pages} lehele. Näitan viimast lehte.`,
    );
    await expect(slice.getByTestId('result-count')).toHaveText(`Leitud tooteid: ${total}`);
    expect(errors).toEqual([]);
  });

  test("'Tühjenda' clears the text and the sort, and the address and the results follow", async ({ page }) => {
    const haagis = (await api<{ loadedCount: number }[]>(page, '/products/search?name=haagis&page=0&perPage=20'))[0]!.loadedCount;
    const all = (await api<{ loadedCount: number }[]>(page, '/products/search?page=0&perPage=20'))[0]!.loadedCount;
    expect(all).toBeGreaterThan(haagis);
    await page.goto('/public/search-products?search=haagis&sort=CHEAP_FIRST');
    const slice = page.locator('[data-remote="mf-public"]');
    await expect(slice.getByTestId('result-count')).toHaveText(`Leitud tooteid: ${haagis}`, { timeout: 20_000 });
    await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
    await slice.getByRole('button', { name: 'Tühjenda' }).click();
    await expect(page).toHaveURL(/\/public\/search-products$/);
    await expect(slice.getByRole('textbox', { name: 'Otsingusõna' })).toHaveValue('');
    await expect(slice.getByRole('combobox', { name: 'Järjesta' })).toHaveValue('');
    await expect(slice.getByTestId('result-count')).toHaveText(`Leitud tooteid: ${all}`);
    await expect(slice.getByTestId('search-warning')).toHaveCount(0);
    // Back returns to the search that was cleared.
    await page.goBack();
    await expect(page).toHaveURL(/search=haagis&sort=CHEAP_FIRST/);
    await expect(slice.getByTestId('result-count')).toHaveText(`Leitud tooteid: ${haagis}`);
    await expect(slice.getByRole('textbox', { name: 'Otsingusõna' })).toHaveValue('haagis');
  });

  test('a category shortcut presets the category (tools, cat=4)', async ({ page }) => {
    await page.goto('/otsing/tooriistad/rent');
    await expect(page).toHaveURL(/\/public\/search-products\?(.*&)?cat=4(&|$)/, { timeout: 20_000 });
    await expect(page.getByRole('combobox', { name: 'Kategooria', exact: true })).toHaveValue('4');
    await expect(page.getByTestId('result-card').first()).toBeVisible();
  });

  test('clicking a cluster zooms in and a marker opens its card', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto('/public/search-products?cat=1');
    const map = page.locator('[data-map-ready]');
    await expect(map).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(async () => (await mapClusters(page)).some((c) => c.size > 1), { message: 'clusters on the map', timeout: 20_000 })
      .toBe(true);
    const box = (await map.boundingBox())!;
    const inView = (c: { x: number; y: number }) => c.x > 20 && c.y > 20 && c.x < box.width - 20 && c.y < box.height - 20;
    // Keep opening the biggest cluster until a single marker is on screen, then click it. Each
    // cluster click animates the view; the map writes its zoom to data-zoom when the move ends.
    for (let i = 0; i < 9; i++) {
      const list = (await mapClusters(page)).filter(inView);
      const single = list.find((c) => c.size === 1);
      if (single) {
        await page.mouse.click(box.x + single.x, box.y + single.y);
        break;
      }
      const before = await mapZoom(page);
      const next = list.sort((a, b) => b.size - a.size)[0];
      await page.mouse.click(box.x + next.x, box.y + next.y);
      await expect
        .poll(
          async () => {
            const zoom = await mapZoom(page);
            return zoom > before && (await map.getAttribute('data-zoom')) === String(Math.round(zoom * 100) / 100);
          },
          { message: 'a deeper zoom, with the move ended' },
        )
        .toBe(true);
    }
    const card = page.getByTestId('marker-card');
    await expect(card).toBeVisible();
    await expect(card.getByRole('link').first()).toHaveAttribute('href', /^\/public\/detail-view\/\d+$/);
  });
});

test.describe('product page (acceptance 2)', () => {
  test('shows every section for a demo product', async ({ page }) => {
    await page.goto('/public/detail-view/1');
    await expect(page.getByTestId('product-name')).toBeVisible({ timeout: 20_000 });
    for (const id of [
      'gallery',
      'product-category',
      'product-description',
      'prices',
      'deposit',
      'rating',
      'services',
      'booking',
      'location',
      'questions',
    ]) {
      await expect(page.getByTestId(id)).toBeVisible();
    }
    await expect(page.getByTestId('product-category')).toContainText(' - ');
    await expect(page.getByRole('navigation', { name: 'Asukoht lehel' })).toBeVisible();
    // The map (OpenLayers) loads when its place scrolls into view (ADR 0023).
    await page.getByTestId('location').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('product-map')).toBeVisible({ timeout: 20_000 });
    // Visitors see no share / feedback buttons.
    await expect(page.getByRole('button', { name: 'Jaga' })).toHaveCount(0);
  });

  test('product 229 opens on /public/raasilla; a deleted product goes to the deleted view', async ({ page }) => {
    await page.goto('/public/raasilla');
    await expect(page.getByTestId('product-name')).toContainText('Rääsilla', { timeout: 20_000 });
    await expect(page.getByTestId('product-page')).toHaveAttribute('data-product-id', '229');
    let deletedId = 0;
    for (let id = 1; id < 120 && !deletedId; id++) {
      const p = await api<{ deleted?: boolean }>(page, `/products/${id}`);
      if (p.deleted) deletedId = id;
    }
    expect(deletedId).toBeGreaterThan(0);
    await page.goto(`/public/detail-view/${deletedId}`);
    await expect(page).toHaveURL(/\/public\/deleted$/, { timeout: 20_000 });
  });
});

test.describe('questions (acceptance 3)', () => {
  test("a third own question is refused with 'Liiga palju sisestusi'; the owner's answer is then visible to a visitor", async ({
    page: asker,
    openPage,
  }) => {
    await asker.goto('/public/kkk');
    const email = uniqueEmail('kysija');
    await registerUser(asker, email, 'Kysija1234');
    // A product of the private demo owner.
    const owner = await openPage();
    await ensureSignedIn(owner, 'omanik@rendime.ee', 'Omanik123');
    const me = await api<{ id: number }>(owner, '/users/session');
    const products = await api<{ id: number }[]>(owner, `/products/customer-products/${me.id}?perPage=50`);
    const productId = products[products.length - 1].id;

    await ensureSignedIn(asker, email, 'Kysija1234');
    await asker.goto(`/public/detail-view/${productId}`);
    const form = asker.getByTestId('ask-form');
    await expect(form).toBeVisible({ timeout: 20_000 });
    const text = `Kas saab ka pühapäeval? ${Date.now()}`;
    for (const q of [text, 'Kas rihmad on kaasas?']) {
      await form.getByRole('textbox').fill(q);
      await form.getByRole('button', { name: 'Küsi' }).click();
      await expect(asker.getByTestId('question').filter({ hasText: q })).toBeVisible();
      await expect(form.getByRole('textbox')).toHaveValue('');
    }
    await form.getByRole('textbox').fill('Kolmas küsimus');
    await form.getByRole('button', { name: 'Küsi' }).click();
    await expect(form.getByRole('alert')).toContainText('Liiga palju sisestusi');

    await owner.goto(`/public/detail-view/${productId}`);
    const question = owner.getByTestId('question').filter({ hasText: text });
    await expect(question).toBeVisible({ timeout: 20_000 });
    await question.getByRole('button', { name: 'Vasta' }).click();
    await question.getByRole('textbox').fill('Jah, pühapäeval ka.');
    await question.getByRole('button', { name: 'Saada vastus' }).click();
    await expect(question.getByTestId('answer')).toBeVisible();

    const visitor = await openPage();
    await visitor.goto(`/public/detail-view/${productId}`);
    const seen = visitor.getByTestId('question').filter({ hasText: text });
    await expect(seen).toBeVisible({ timeout: 20_000 });
    await expect(seen.getByTestId('answer')).toContainText('Jah, pühapäeval ka.');
    // The unanswered second question stays hidden from visitors.
    await expect(visitor.getByTestId('question').filter({ hasText: 'Kas rihmad on kaasas?' })).toHaveCount(0);
  });
});
