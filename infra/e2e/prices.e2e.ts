import { spawnSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { demoUsers } from 'infra-api/demo-users';
import { expect, signIn, test } from './support/fixtures';
import { DEMO } from './support/demo-users';
import { bookThreeRidersTwoSlots } from './support/gokart';

// Issue 25, items 3–5: one product or service, one price, wherever a person sees it. Every figure
// below is today's 24 % VAT (ADR 0012, "Issue 25: one conversion for owners and renters").

const KART = demoUsers.find((u) => u.key === 'karting');
if (!KART) throw new Error('demo user karting missing');

/** Prices as the page writes them, with the no-break space before '€' made a plain one. */
const plain = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

/** A Tuesday and the Wednesday after it, `monthsAhead` months from now (Mon–Fri rent days; clear of other journeys). */
function tuesdayOf(monthsAhead: number): { start: string; end: string; day: number } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead, 1));
  const tuesday = 1 + ((2 - first.getUTCDay() + 7) % 7) + 7;
  const iso = (d: number) => new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), d)).toISOString().slice(0, 10);
  return { start: iso(tuesday), end: iso(tuesday + 1), day: tuesday };
}

/** The second Sunday of the month after next: the track opens Wednesday to Sunday. */
function secondSundayInTwoMonths(): Date {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1 + ((7 - first.getUTCDay()) % 7) + 7));
}

async function signedIn(page: Page, username: string, password: string): Promise<void> {
  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/auth\//);
}

test.describe('one price per product and service (issue 25)', () => {
  test("product 61's 'Lisajuht' costs the renter 20,10 € on the product, rent and request pages; the owner's accept dialog labels both figures", async ({
    page: renter,
    openPage,
  }) => {
    // 15 € net from a VAT-liable owner: 15 + 24 % VAT + 10 % fee.
    await renter.goto('/public/detail-view/61');
    const services = renter.getByTestId('services');
    await expect(services.getByText('Lisajuht', { exact: true })).toBeVisible();
    expect(await plain(services)).toContain('Lisajuht 20,10 €');

    await signedIn(renter, DEMO.renter.username, DEMO.renter.password);
    const { start, end, day } = tuesdayOf(3);
    await renter.goto(`/auth/rent-product/61?startD=${start}&endD=${end}`);
    const lisajuht = renter.getByRole('checkbox', { name: /^Lisajuht \(20,10\s€\)$/ });
    await expect(lisajuht).toBeVisible();
    await lisajuht.check({ force: true });
    await expect(renter.getByTestId('price-services')).toBeVisible();
    await renter.getByRole('button', { name: 'Broneeri', exact: true }).click();
    await expect(renter).toHaveURL(/\/auth\/contracts\?tabId=pending/, { timeout: 10_000 });

    // The request page shows the renter the same price for the chosen service.
    const pending = renter
      .getByRole('listitem')
      .filter({ hasText: 'Toyota RAV4 hübriid' })
      .filter({ hasText: new RegExp(`${String(day).padStart(2, '0')}\\.\\d\\d\\.\\d{4}`) });
    await pending.getByRole('link', { name: 'Ava taotlus' }).click();
    await expect(renter.getByTestId('renter-panel')).toContainText(/Lisajuht \(20,10\s€\)/);

    // The owner sees what the service brings them (with VAT) and, labelled apart, what the renter pays.
    const owner = await openPage();
    await signedIn(owner, DEMO.businessOwner.username, DEMO.businessOwner.password);
    await owner.goto('/auth/reservations');
    const card = owner
      .getByRole('listitem')
      .filter({ hasText: 'Toyota RAV4 hübriid' })
      .filter({ hasText: new RegExp(`${String(day).padStart(2, '0')}\\.\\d\\d\\.\\d{4}`) });
    await card.getByRole('link', { name: 'Ava taotlus' }).click();
    await owner.getByRole('button', { name: 'Kinnitan', exact: true }).click();
    const dialog = owner.getByTestId('accept-dialog');
    await expect(dialog).toBeVisible();
    expect(await plain(dialog)).toContain(
      'Nõustun valitud lisateenustega: saad 18,60 € koos käibemaksuga, rentija maksab koos 10% platvormi tasuga 20,10 €',
    );
    expect(await plain(dialog)).not.toContain('(15,00 €)');
  });

  test("firma's product 150 is 124,00 € on its page, the owner's card, table and edit form; saving the form unchanged keeps 100 € net", async ({
    page,
  }) => {
    await page.goto('/public/detail-view/150');
    await expect(page.getByTestId('price-priceDaily')).toHaveText(/^124,00\s€$/);

    await signedIn(page, DEMO.businessOwner.username, DEMO.businessOwner.password);
    await page.goto('/auth/my-products');
    // Two cards cut to 'Käärtõstuk Skyjack S…' (card titles keep 20 characters): product 150 is the one named exactly so.
    const card = page.getByRole('listitem', { name: 'Käärtõstuk Skyjack SJ4632', exact: true });
    await expect(card.getByTestId('card-price')).toHaveText(/^124,00\s€ \/ päev$/);
    await card.getByRole('button', { name: 'Lisainfo' }).click();
    expect(await plain(card.getByTestId('product-details'))).toContain('Laadija: 12,40 €');

    await page.goto('/auth/time-management');
    await page.getByRole('navigation', { name: 'Kategooriad' }).getByRole('button', { name: 'Käärtõstukid' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Käärtõstuk Skyjack SJ4632', exact: true }) });
    expect(await plain(row)).toContain('124,00 €');

    await page.goto('/auth/edit-product/150');
    await expect(page.getByLabel(/Päevahind/)).toHaveValue('124');
    await page.getByRole('button', { name: '2. Lisateenused' }).click();
    await expect(page.getByLabel('Hind (€)')).toHaveValue('12,40');
    await page.getByRole('button', { name: 'Salvesta teenus' }).click();
    await expect(page.getByText('Lisateenus salvestatud.')).toBeVisible();
    await page.getByRole('button', { name: '1. Üldinfo' }).click();
    await page.getByRole('button', { name: 'Salvesta', exact: true }).click();
    await page.getByRole('button', { name: 'Jah, salvesta' }).click();
    await expect(page).toHaveURL(/\/auth\/my-products/);
    const stored = await page.evaluate(
      async () => (await (await fetch('/api/products/150')).json()) as { priceDaily: number; additionalServices: { cost: number }[] },
    );
    expect([stored.priceDaily, stored.additionalServices[0].cost]).toEqual([100, 10]);
  });

  test("the go-kart track is 20 € a ride in its owner's list, and its contract PDF takes the owner's VAT out of what the riders paid", async ({
    page,
    openPage,
  }) => {
    const owner = await openPage();
    await signedIn(owner, KART.email, KART.password);
    await owner.goto('/auth/my-products');
    const track = owner.getByRole('listitem', { name: 'Rääsilla kardisõit' });
    await expect(track.getByTestId('card-price')).toHaveText(/^20,00\s€ \/ 20 min sõit ühele sõitjale$/);

    await signedIn(page, DEMO.renter.username, DEMO.renter.password);
    // 3 riders × 2 slots = 120 € on the second Sunday of the month after next, clear of the money journey's.
    await bookThreeRidersTwoSlots(page, { day: secondSundayInTwoMonths(), slots: ['15:00', '15:20'] });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Laadi leping alla (PDF)' }).click(),
    ]);
    const text = spawnSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' });
    expect(text.status, text.stderr).toBe(0);
    const pdf = text.stdout.replace(/[\s\u00a0\u202f]+/g, ' ');
    // It read 'Rendihind (käibemaksuta) 120,00 € / Käibemaks (0%) 0,00 €'.
    expect(pdf).toContain('Rendihind (käibemaksuta) 96,77 €');
    expect(pdf).toContain('Käibemaks (24%) 23,23 €');
    expect(pdf).toContain('Kokku koos käibemaksuga 120,00 €');
  });
});
