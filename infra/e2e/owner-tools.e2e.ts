import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { baseUrl, expect, signIn, test } from './support/fixtures';
import { DEMO } from './support/demo-users';
import { imageWidth, makePng } from './support/png';

// Issue 11 acceptance 1–3: an owner lists a product with two images through the four steps, finds
// it in search and on its public page (images resized as the spec says), edits its price, removes
// and restores it, and enters a manual rent that the public booking calendar then shows as taken.

interface ApiProduct {
  id: number;
  name: string;
  images: { url: string }[];
  priceDaily: number | null;
  inactiveReason: string | null;
}

const NAME = `Kastihaagis E2E ${Date.now().toString(36)}`;

async function api<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (u) => {
    const res = await fetch(u);
    return (await res.json()) as T;
  }, url);
}

async function searchByName(page: Page, extra = ''): Promise<{ id: number; displayPrice: number | null }[]> {
  return api(page, `/api/products/search?name=${encodeURIComponent(NAME)}${extra}`);
}

function tempImage(name: string, width: number, height: number): string {
  const file = path.join(os.tmpdir(), `rendime-e2e-${process.pid}-${name}.png`);
  fs.writeFileSync(file, makePng(width, height));
  return file;
}

test.describe('owner tools: add, find, edit, remove, restore, manual rent', () => {
  test.describe.configure({ mode: 'serial' });
  let productId = 0;

  test('an owner lists a product with two images in four steps; search and its page show it', async ({ page }) => {
    await signIn(page, DEMO.owner.username, DEMO.owner.password);
    await expect(page).toHaveURL(/\/auth\//);
    await page.goto('/auth/add-product');

    // Step 1: the description. 'Edasi' with nothing filled names what is missing.
    await page.getByRole('button', { name: 'Edasi' }).click();
    await expect(page.getByText('Kohustustlik väli').first()).toBeVisible();
    await expect(page.getByText('VALITUD 0 Pilti! Vali vähemalt 1!')).toBeVisible();
    await page.getByRole('textbox', { name: 'Mudel / nimetus' }).fill(NAME);
    await page.getByRole('combobox', { name: 'Kategooria', exact: true }).selectOption({ label: 'Haagised' });
    await page.getByRole('combobox', { name: 'Alamkategooria' }).selectOption({ label: 'Sõiduautohaagised' });
    await page.getByRole('textbox', { name: 'Kirjeldus', exact: true }).fill('Tugev kastihaagis, kandevõime 750 kg. Õue ära jäta!');
    await page.locator('input[type="file"]').setInputFiles([tempImage('cover', 1200, 800), tempImage('second', 2600, 900)]);
    await expect(page.getByRole('img', { name: 'Pilt 2' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Päevahind (€)' }).fill('25');
    await page.getByRole('button', { name: 'Edasi' }).click();

    // Step 2: time management keeps its defaults (Monday–Friday, 08:00–18:00).
    await expect(page.getByLabel('Algusaeg')).toHaveValue('08:00');
    await page.getByRole('button', { name: 'Edasi' }).click();

    // Step 3: the location, from the gazetteer.
    await page.getByRole('button', { name: 'Edasi' }).click();
    await expect(page.getByText('Täida toote asukoht, kas trükkides või nuppu vajutades.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Toote asukoht' }).fill('Tartu');
    await page
      .getByRole('option', { name: /^Tartu/ })
      .first()
      .click();
    await expect(page.getByText(/Valitud punkt: 58\.3/)).toBeVisible();
    await page.getByRole('button', { name: 'Edasi' }).click();

    // Step 4: no services; save.
    await expect(page.getByRole('button', { name: 'Edasi' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Salvesta' }).click();
    await expect(page).toHaveURL(/\/auth\/my-products/, { timeout: 15_000 });
    await expect(page.getByText(NAME.slice(0, 20)).first()).toBeVisible();

    // Search finds it by name, by category and by place, at its price.
    const byName = await searchByName(page);
    expect(byName).toHaveLength(1);
    productId = byName[0].id;
    expect(byName[0].displayPrice).toBe(25);
    expect((await searchByName(page, '&category=17')).map((p) => p.id)).toEqual([productId]);
    expect((await searchByName(page, '&lat=58.378&lon=26.729&distance=15')).map((p) => p.id)).toEqual([productId]);
    expect(await searchByName(page, '&lat=59.437&lon=24.754&distance=15')).toHaveLength(0);

    // Its public page, and the stored images: cover at most 435 px wide, the other at most 2000 px.
    await page.goto(`/public/detail-view/${productId}`);
    await expect(page.getByTestId('product-name')).toHaveText(NAME);
    const product = await api<ApiProduct>(page, `/api/products/${productId}`);
    expect(product.images).toHaveLength(2);
    const widths = await Promise.all(
      product.images.map(async (img) => imageWidth(Buffer.from(await (await page.request.get(`${baseUrl}${img.url}`)).body()))),
    );
    expect(widths).toEqual([435, 2000]);
  });

  test('editing the daily price moves the search price; removing and restoring moves it between tabs', async ({ page }) => {
    expect(productId).toBeGreaterThan(0);
    await signIn(page, DEMO.owner.username, DEMO.owner.password);
    await expect(page).toHaveURL(/\/auth\//);

    await page.goto(`/auth/edit-product/${productId}`);
    const price = page.getByRole('textbox', { name: 'Päevahind (€)' });
    await expect(price).toHaveValue('25');
    await price.fill('40');
    await page.getByRole('button', { name: 'Salvesta' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Salvesta|Kinnita|Jah/ })
      .click();
    await expect(page).toHaveURL(/\/auth\/my-products/, { timeout: 15_000 });
    await expect.poll(async () => (await searchByName(page))[0]?.displayPrice).toBe(40);

    // Remove with a reason: the inactive tab shows it and its public page says it cannot be rented.
    await page.goto(`/auth/detail-view/${productId}`);
    await page.getByRole('button', { name: 'Eemalda', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Põhjus (valikuline)').fill('Hoolduses');
    await dialog.getByRole('button', { name: 'Eemalda', exact: true }).click();
    await page.goto('/auth/my-products?tabId=inactive');
    const card = page.getByRole('listitem').filter({ hasText: NAME.slice(0, 20) });
    await expect(card).toContainText('Mitteaktiivne: Hoolduses');
    expect(await searchByName(page)).toHaveLength(0);
    await page.goto(`/public/detail-view/${productId}`);
    await expect(page).toHaveURL(/\/public\/deleted/);

    // Restore: back among the available ones and on its page.
    await page.goto('/auth/my-products?tabId=inactive');
    await card.getByRole('button', { name: 'Taasta' }).click();
    await expect(page.getByText('Toode on taastatud.')).toBeVisible();
    await page.goto('/auth/my-products?tabId=available');
    await expect(page.getByRole('listitem').filter({ hasText: NAME.slice(0, 20) })).toBeVisible();
    await page.goto(`/public/detail-view/${productId}`);
    await expect(page.getByTestId('product-name')).toHaveText(NAME);
  });

  test('a manual rent in time management takes those days off the public booking calendar', async ({ page, openPage }) => {
    expect(productId).toBeGreaterThan(0);
    await signIn(page, DEMO.owner.username, DEMO.owner.password);
    await expect(page).toHaveURL(/\/auth\//);

    // A weekday two months ahead, inside the product's Monday–Friday window.
    const day = new Date(Date.now() + 60 * 86_400_000);
    while ([0, 5, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
    const iso = day.toISOString().slice(0, 10);
    const next = new Date(day.getTime() + 86_400_000).toISOString().slice(0, 10);

    await page.goto('/auth/time-management');
    // The owner has many products: narrow to the category, 25 rows a page.
    await page.getByRole('button', { name: 'Sõiduautohaagised', exact: true }).click();
    await page.getByLabel('Ridu lehel').selectOption('25');
    const row = page.getByRole('row').filter({ hasText: NAME.slice(0, 20) });
    await row.getByRole('button', { name: 'Lisa käsitsi rent' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tulu (eurodes)').fill('60');
    await dialog.getByLabel('Algus').fill(`${iso}T08:00`);
    await dialog.getByLabel('Lõpp').fill(`${next}T08:00`);
    await dialog.getByLabel('Rentija nimi').fill('Peeter Paju');
    await dialog.getByLabel('Rentija telefon').fill('+37255512345');
    await dialog.getByRole('button', { name: 'Salvesta' }).click();
    await expect(page.getByText('Käsitsi rent on lisatud.')).toBeVisible();

    // A renter sees that day taken on the product page.
    const renter = await openPage();
    await signIn(renter, DEMO.renter.username, DEMO.renter.password);
    await expect(renter).toHaveURL(/\/auth\//);
    await renter.goto(`/public/detail-view/${productId}`);
    const now = new Date();
    const monthsAhead = day.getUTCFullYear() * 12 + day.getUTCMonth() - (now.getUTCFullYear() * 12 + now.getUTCMonth());
    for (let i = 0; i < monthsAhead; i += 1) await renter.getByRole('button', { name: 'Järgmine kuu' }).click();
    const d = Number(iso.slice(8, 10));
    const taken = renter.getByRole('gridcell', { name: new RegExp(`^${d}\\. \\S+ \\d{4}, broneeritud$`) });
    await expect(taken).toHaveAttribute('aria-disabled', 'true');
  });
});

/** A Wednesday (the track opens Wednesday to Sunday, 10:00–20:00) at least `weeksAhead` weeks away, as YYYY-MM-DD. */
function wednesdayAhead(weeksAhead: number): string {
  const day = new Date(Date.now() + weeksAhead * 7 * 86_400_000);
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

// Issue 25: after any manual rent the owner's incoming contracts tab answered 500 ('Oih! Miski läks
// valesti!'), also once it was cancelled; a period outside the product's hours was refused as
// 'already booked'; 'Tühistamine õnnestus' showed twice.
test("the go-kart owner's manual rent: its own refusal reason, then listed as Käsitsi among incoming contracts, cancelled there", async ({
  page,
}) => {
  await signIn(page, DEMO.karting.username, DEMO.karting.password);
  await expect(page).toHaveURL(/\/auth\//);
  const day = wednesdayAhead(5);
  const person = `Kalle Kart ${Date.now().toString(36)}`;

  await page.goto('/auth/time-management');
  await page.getByRole('row').filter({ hasText: 'Rääsilla kardisõit' }).getByRole('button', { name: 'Lisa käsitsi rent' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tulu (eurodes)').fill('40');
  await dialog.getByLabel('Algus').fill(`${day}T08:00`);
  await dialog.getByLabel('Lõpp').fill(`${day}T09:00`);
  await dialog.getByLabel('Rentija nimi').fill(person);
  await dialog.getByLabel('Rentija telefon').fill('+37255512345');
  await dialog.getByRole('button', { name: 'Salvesta' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Üleandmine ja tagastamine peavad jääma toote rendiaegade sisse.');
  await dialog.getByLabel('Algus').fill(`${day}T12:00`);
  await dialog.getByLabel('Lõpp').fill(`${day}T13:00`);
  await dialog.getByRole('button', { name: 'Salvesta' }).click();
  await expect(page.getByText('Käsitsi rent on lisatud.')).toBeVisible();

  await page.goto('/auth/contracts?tabId=in');
  const card = page.getByTestId('contract-card').filter({ hasText: person });
  await expect(card).toContainText('Rääsilla kardisõit');
  await expect(card).toContainText('Käsitsi');
  await expect(card).toContainText(/Kokku: 40,00\s€/);
  await expect(card).toContainText('Telefon: +37255512345');
  await expect(page.getByText('Oih! Miski läks valesti!')).toHaveCount(0);

  await card.getByRole('button', { name: 'Tühista' }).click();
  const cancel = page.getByTestId('cancel-contract-dialog');
  // No platform renter: nothing to report broken.
  await expect(cancel.getByRole('checkbox')).toHaveCount(0);
  await cancel.getByRole('button', { name: 'Tühistan lepingu' }).click();
  await expect(cancel.getByText('Tühistamine õnnestus')).toBeVisible();
  await expect(page.getByText('Tühistamine õnnestus')).toHaveCount(1);
  await cancel.getByRole('button', { name: 'Sulge' }).first().click();
  await expect(card).toContainText('Tühistatud');

  // The tab stays readable after the cancel, on a fresh load too.
  await page.reload();
  await expect(page.getByTestId('contract-card').filter({ hasText: person })).toContainText('Tühistatud');
  await expect(page.getByText('Oih! Miski läks valesti!')).toHaveCount(0);
});

// Issue 17: a business owner takes the widget's snippet for their own site from 'Minu tooted'.
test('a business owner sets the widget to a list of 3 and copies its snippet; the data it names answers', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  await signIn(page, DEMO.businessOwner.username, DEMO.businessOwner.password);
  await expect(page).toHaveURL(/\/auth\//);
  await page.goto('/auth/my-products');
  const section = page.getByRole('region', { name: 'Toodete vidin sinu kodulehele' });
  await expect(section).toBeVisible();
  const code = section.getByTestId('owner-widget-snippet');
  await expect(code).toHaveValue(/^<div data-rendime-owner="\d+" data-layout="grid" data-limit="6"><\/div>/);

  await section.getByLabel('Kujundus').selectOption({ label: 'Nimekiri' });
  await section.getByLabel('Toodete arv (1–24)').fill('3');
  const ownerId = Number(/data-rendime-owner="(\d+)"/.exec(await code.inputValue())?.[1]);
  const expected = `<div data-rendime-owner="${ownerId}" data-layout="list" data-limit="3"></div>\n<script async src="${baseUrl}/widget/loader.js"></script>`;
  await expect(code).toHaveValue(expected);
  await section.getByRole('button', { name: 'Kopeeri' }).click();
  await expect(section.getByText('Kopeeritud.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

  // The owner the snippet names has public products behind the platform's /api, for any origin.
  const answer = await page.evaluate(async (id) => {
    const res = await fetch(`/api/public/owners/${id}/widget-products?limit=3`);
    return {
      status: res.status,
      cors: res.headers.get('access-control-allow-origin'),
      body: (await res.json()) as { owner: { name: string }; products: unknown[] },
    };
  }, ownerId);
  expect(answer).toMatchObject({ status: 200, cors: '*', body: { owner: { name: 'Rendiäri OÜ' } } });
  expect(answer.body.products).toHaveLength(3);
});
