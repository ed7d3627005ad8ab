import { spawnSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { DEMO } from './support/demo-users';
import { call as pageCall } from './support/money';

// Issue 31 acceptance 7: the renter's extension in two browsers. A paid rental of omanik's hot tub;
// the renter asks for one more day with 'Pikenda', the owner accepts it before the original end,
// the difference comes off the renter's balance, the card shows the new version and the contract
// PDF says so.

const PRODUCT = { id: 186, name: 'Mullivann haagisel' };

const call = pageCall;

/** Money onto the renter's balance through the sandbox bank's page, as a person pays. */
async function deposit(page: Page, euros: number): Promise<void> {
  const order = await call(page, 'POST', '/api/payment', { payment: { methodOptions: { preferredProvider: 'HABAEE2X' }, amount: euros } });
  expect(order.status).toBe(200);
  await page.goto(String(order.body.paymentUrl));
  await page.getByRole('button', { name: 'Maksa', exact: true }).click();
  await expect(page).toHaveURL(/payment_result=success/);
}

test.describe('rental extensions', () => {
  test('the renter extends a paid rental by a day; the owner accepts before the end; the difference is charged and the PDF re-issued', async ({
    page: renter,
    openPage,
  }) => {
    await signIn(renter, DEMO.renter.username, DEMO.renter.password);
    await expect(renter).toHaveURL(/\/auth\//);
    const owner = await openPage();
    await signIn(owner, DEMO.owner.username, DEMO.owner.password);
    await expect(owner).toHaveURL(/\/auth\//);

    // Two days nine months ahead, clear of the other journeys' bookings of the hot tub; accepted and paid.
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 9, 20, 8));
    const end = new Date(start.getTime() + 2 * 86_400_000);
    const requested = await call(renter, 'POST', `/api/reservations/product/${PRODUCT.id}`, {
      startTs: start.toISOString(),
      endTs: end.toISOString(),
    });
    expect(requested.status).toBe(201);
    const reservationId = Number(requested.body.id);
    expect(
      (await call(owner, 'PUT', `/api/reservations/accept/${reservationId}`, { acceptedText: 'Kinnitan.', additionalCost: 0 })).status,
    ).toBe(200);
    const contract = (await call(renter, 'GET', `/api/contracts/reservation/${reservationId}`)).body as {
      id: number;
      price: { total: number };
    };
    // The rent now and room for the extension's difference after it.
    const balance = async () => Number((await call(renter, 'GET', '/api/payment/unpaid-contracts')).body.balanceCents);
    const before = await balance();
    await deposit(renter, Math.round(contract.price.total * 200 + 100) / 100);
    // The bank's notification credits the balance; the return page may come first.
    await expect.poll(balance).toBeGreaterThanOrEqual(before + Math.round(contract.price.total * 200 + 100));
    expect((await call(renter, 'PUT', `/api/payment/contract?contracts=${contract.id}`)).status).toBe(200);

    // 1. The renter asks for one more day from the contract's card.
    await renter.goto('/auth/contracts?tabId=out');
    const card = renter.getByTestId('contract-card').filter({ has: renter.locator(`a[href="/api/contracts/document/${contract.id}"]`) });
    await expect(card.getByText('Rent aktiivne')).toBeVisible();
    await card.getByRole('button', { name: 'Pikenda' }).click();
    const form = card.getByRole('form', { name: 'Rendi pikendamine' });
    await expect(form.getByText(/Pikendus kehtib, kui omanik kinnitab/)).toBeVisible();
    await form.getByLabel(/Lisapäevade arv/).fill('1');
    await expect(form.getByTestId('extension-new-end')).toContainText('Uus lõpp:');
    await form.getByRole('button', { name: 'Saada pikendussoov' }).click();
    const item = card.getByTestId('extension-item');
    await expect(item).toContainText('Ootab omaniku kinnitust');
    await expect(card.getByRole('button', { name: 'Pikenda' })).toHaveCount(0);
    const balanceBefore = await balance();

    // 2. The owner sees it on the incoming contract and accepts it before the original end.
    await owner.goto('/auth/contracts?tabId=in');
    const ownerCard = owner.getByTestId('contract-card').filter({ has: owner.locator(`a[href="/api/contracts/document/${contract.id}"]`) });
    const request = ownerCard.getByTestId('extension-item');
    await expect(request).toContainText('Ootab omaniku kinnitust');
    await expect(ownerCard.getByRole('button', { name: 'Pikenda' })).toHaveCount(0);
    await request.getByRole('button', { name: 'Kinnitan pikenduse' }).click();
    await expect(request).toContainText('Pikendatud');
    await expect(ownerCard.getByText('Lepingu versioon 2')).toBeVisible();

    // 3. The renter's balance paid the difference; the contract ends a day later; its PDF says version 2.
    const extensions = (await call(renter, 'GET', `/api/contracts/${contract.id}/extensions`)).body as unknown as Array<{
      status: string;
      differenceCents: number;
      newEndTs: string;
    }>;
    expect(extensions).toEqual([expect.objectContaining({ status: 'PAID', newEndTs: new Date(end.getTime() + 86_400_000).toISOString() })]);
    const balanceAfter = await balance();
    expect(balanceBefore - balanceAfter).toBe(extensions[0].differenceCents);
    expect(extensions[0].differenceCents).toBeGreaterThan(0);
    await renter.reload();
    await expect(card.getByTestId('extension-item')).toContainText('Pikendatud');
    await expect(card.getByText('Lepingu versioon 2')).toBeVisible();

    const pdf = await renter.request.get(`/api/contracts/document/${contract.id}`);
    expect(pdf.ok()).toBe(true);
    const text = spawnSync('pdftotext', ['-layout', '-', '-'], { input: await pdf.body(), encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    expect(text).toContain('Lepingu versioon 2');
    expect(text).toContain('Pikendused');
    expect(text).toMatch(/Versioon 2: rendiperiood pikendati \d\d\.\d\d\.\d{4} \d\d:\d\d → \d\d\.\d\d\.\d{4} \d\d:\d\d/);
  });
});
