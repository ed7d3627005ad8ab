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
