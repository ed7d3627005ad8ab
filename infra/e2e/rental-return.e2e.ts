import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { DEMO } from './support/demo-users';
import { call, centsOf, shiftServerClock } from './support/money';

// Issue 31 (ADR 0043): two people in two browsers. The renter's 'Toode käes' stays hidden until
// 24 h before the start, then marks the handover; the owner's 'Toode tagastatud', five hours after
// the end, ends the rental and charges the late fee from the renter's balance; returned after its
// end, the rent is realised to the owner at once and the contract reads 'Lõpetatud, maksed edastatud'.

/** omanik@rendime.ee's hot tub on a trailer (daily), ten months ahead: clear of the other journeys' bookings of it. */
const PRODUCT = { id: 186, name: 'Mullivann haagisel' };
const HOUR = 3_600_000;

async function signedIn(page: Page, who: { username: string; password: string }): Promise<void> {
  await signIn(page, who.username, who.password);
  await expect(page).toHaveURL(/\/auth\//);
}

/** Money onto the renter's balance through the sandbox bank, as a person deposits it. */
async function deposit(page: Page, cents: number): Promise<void> {
  await page.goto('/auth/account');
  const form = page.getByRole('form', { name: 'Sissemakse' });
  await form.getByRole('radio', { name: 'Swedbank' }).click();
  await form.getByLabel('Summa (€)').fill((cents / 100).toFixed(2).replace('.', ','));
  await form.getByRole('button', { name: 'Maksa pangalingiga' }).click();
  await expect(page).toHaveURL(/\/api\/sandbox\/bank-link\/pay\//);
  await page.getByRole('button', { name: 'Maksa', exact: true }).click();
  await expect(page.getByText('Maksmine õnnestus')).toBeVisible();
}

test("the owner's 'Toode tagastatud' ends the rental after the renter's handover mark, and a late one charges double", async ({
  page: renter,
  openPage,
}) => {
  const owner = await openPage();
  await signedIn(renter, DEMO.renter);
  await signedIn(owner, DEMO.owner);

  // A one-day rental ten months ahead, requested, accepted and paid from the balance.
  const now = new Date();
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 10, 12, 8);
  const end = start + 24 * HOUR;
  const requested = await call(renter, 'POST', `/api/reservations/product/${PRODUCT.id}`, {
    startTs: new Date(start).toISOString(),
    endTs: new Date(end).toISOString(),
  });
  expect(requested.status).toBe(201);
  const { id: reservationId, hash } = requested.body as { id: number; hash: string };
  expect(
    (await call(owner, 'PUT', `/api/reservations/accept/${reservationId}`, { acceptedText: 'Kinnitan.', additionalCost: 0 })).status,
  ).toBe(200);
  const contract = (await call(renter, 'GET', `/api/contracts/reservation/${reservationId}`)).body as {
    id: number;
    price: { amount: number; total: number };
  };
  const totalCents = Math.round(contract.price.total * 100);
  const lateFeeCents = 2 * Math.round(contract.price.amount * 100); // five hours late: one started day, twice its price
  await deposit(renter, totalCents + lateFeeCents);
  expect((await call(renter, 'PUT', `/api/payment/contract?contracts=${contract.id}`)).status).toBe(200);

  // Months before the start: no 'Toode käes', and the page says from when it opens.
  const requestPage = `/auth/rent-completed?rental=${hash}`;
  await renter.goto(requestPage);
  await expect(renter.getByText(/Toote kättesaamist \(„Toode käes“\) saad märkida alates/)).toBeVisible();
  await expect(renter.getByRole('button', { name: 'Toode käes' })).toHaveCount(0);
  await expect(renter.getByText(/Tagasisidet ja probleemiteateid saab esitada alles pärast/)).toBeVisible();

  let shifted = 0;
  try {
    // 23 hours before the start the renter marks the handover.
    const toHandover = start - 23 * HOUR - Date.now();
    await shiftServerClock(renter, toHandover);
    shifted += toHandover;
    await signedIn(renter, DEMO.renter);
    await renter.goto(requestPage);
    await renter.getByRole('button', { name: 'Toode käes' }).click();
    await expect(renter.getByRole('form', { name: 'Anna tagasisidet' })).toBeVisible();
    await expect(renter.getByRole('button', { name: 'Toode käes' })).toHaveCount(0);

    // Five hours after the end the owner marks the return.
    const toReturn = end + 5 * HOUR - (Date.now() + shifted);
    await shiftServerClock(owner, toReturn);
    shifted += toReturn;
    await signedIn(owner, DEMO.owner);
    await owner.goto(requestPage);
    await expect(owner.getByText(/Tagastuse märkimisega lõpeb rent/)).toBeVisible();
    await owner.getByRole('button', { name: 'Toode tagastatud' }).click();
    await expect(owner.getByText(/^Hilinemistasu: /)).toBeVisible();
    expect(centsOf(await owner.getByText(/^Hilinemistasu: /).innerText())).toBe(lateFeeCents);
    await expect(owner.getByRole('button', { name: 'Toode tagastatud' })).toHaveCount(0);

    // The contract list shows it ended, by its Estonian label, with the fee.
    await owner.goto('/auth/contracts?tabId=in');
    const card = owner.getByTestId('contract-card').filter({ hasText: PRODUCT.name }).filter({ hasText: 'Lõpetatud, maksed edastatud' });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Hilinemistasu');
    await expect(owner.locator('body')).not.toContainText(/RETURNED|CAPTURED|FINISHED/);
  } finally {
    await shiftServerClock(owner, -shifted);
  }
});
