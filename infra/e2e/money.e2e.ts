import type { Page } from '@playwright/test';
import { baseUrl, expect, signIn, test } from './support/fixtures';
import { DEMO } from './support/demo-users';
import { bookThreeRidersTwoSlots } from './support/gokart';
import { pageCall } from './support/page-call';

// Issue 12: the money account, bank-link payments through the sandbox bank page, instant book and
// the go-kart track, each as a person would do it in the browser, against the real API and ledger.

/** '1 234,50 €' → 123450 */
function centsOf(text: string): number {
  const cleaned = text.replace(/[^\d,-]/g, '');
  const [whole, fraction = '0'] = cleaned.split(',');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

async function balanceCents(page: Page): Promise<number> {
  return centsOf(await page.getByTestId('account-balance').innerText());
}

async function openAccount(page: Page): Promise<number> {
  await page.goto('/auth/account');
  await expect(page.getByTestId('account-balance')).toBeVisible();
  return balanceCents(page);
}

/** On the sandbox bank's page: the person's choice, which the provider reports by webhook. */
async function answerBank(page: Page, choice: 'Maksa' | 'Makse ebaõnnestub' | 'Katkesta'): Promise<void> {
  await expect(page).toHaveURL(/\/api\/sandbox\/bank-link\/pay\//);
  await page.getByRole('button', { name: choice, exact: true }).click();
}

/** Moves the API's clock (TEST_CLOCK, e2e only); answers the server's new time. */
async function shiftServerClock(page: Page, advanceMs: number): Promise<void> {
  const res = await page.request.post('/api/sandbox/clock', { data: { advanceMs } });
  expect(res.ok()).toBe(true);
}

/** The calendar's days are grid cells named '10. detsember 2026, vaba'. */
const freeDay = (day: number) => new RegExp(`^${day}\\. \\S+ \\d{4}, vaba$`);

function secondSaturdayOfNextMonth(): Date {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const firstSaturday = 1 + ((6 - first.getUTCDay() + 7) % 7);
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), firstSaturday + 7));
}

test.describe('money: deposit, pay from the balance, instant book and the go-kart track', () => {
  test('a deposit through the bank page raises the balance; a failed one changes nothing', async ({ page }) => {
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await expect(page).toHaveURL(/\/auth\//);
    const before = await openAccount(page);

    const deposit = page.getByRole('form', { name: 'Sissemakse' });
    await deposit.getByRole('button', { name: 'Maksa pangalingiga' }).click();
    await expect(deposit.getByText('Vali pank.')).toBeVisible();
    await deposit.getByRole('radio', { name: 'Swedbank' }).click();
    await deposit.getByLabel('Summa (€)').fill('50');
    await deposit.getByRole('button', { name: 'Maksa pangalingiga' }).click();
    await answerBank(page, 'Maksa');
    await expect(page.getByText('Maksmine õnnestus')).toBeVisible();
    await expect(page).toHaveURL(`${baseUrl}/auth/account`);
    await expect.poll(() => balanceCents(page)).toBe(before + 5000);
    await expect(page.getByRole('listitem').filter({ hasText: 'Sissemakse' }).first()).toContainText('50,00');

    // The same through the failure button: the notice says so and the balance stays.
    await deposit.getByRole('radio', { name: 'LHV' }).click();
    await deposit.getByLabel('Summa (€)').fill('50');
    await deposit.getByRole('button', { name: 'Maksa pangalingiga' }).click();
    await answerBank(page, 'Makse ebaõnnestub');
    await expect(page.getByText('Maksmine ebaõnnestus')).toBeVisible();
    await page.reload();
    await expect.poll(() => balanceCents(page)).toBe(before + 5000);
  });

  test('the renter pays a contract from the balance; the owner sees it pending, then realised after the rental', async ({
    page: renter,
    openPage,
  }) => {
    await signIn(renter, DEMO.renter.username, DEMO.renter.password);
    await expect(renter).toHaveURL(/\/auth\//);
    const summary = await (await renter.request.get('/api/payment/unpaid-contracts')).json();
    const contract = summary.unpaidContracts[0] as {
      id: number;
      product: { name: string };
      price: { total: number };
      endTs: string;
      owner: { id: number };
    };
    expect(contract).toBeTruthy();
    const totalCents = Math.round(contract.price.total * 100);

    // The owner's pending rent before, in another browser.
    const owner = await openPage();
    await signIn(owner, DEMO.owner.username, DEMO.owner.password);
    await expect(owner).toHaveURL(/\/auth\//);
    const ownerBefore = await openAccount(owner);
    const pendingBefore =
      (await owner.getByTestId('account-pending').count()) > 0 ? centsOf(await owner.getByTestId('account-pending').innerText()) : 0;

    // The link from the contract list preselects it: ?contracts=<id>.
    await renter.goto(`/auth/account?contracts=${contract.id}`);
    const balance = await balanceCents(renter);
    expect(balance).toBeGreaterThanOrEqual(totalCents);
    const box = renter.getByRole('checkbox', { name: new RegExp(contract.product.name) });
    await expect(box).toBeChecked();
    await renter.getByRole('button', { name: 'Maksa', exact: true }).click();
    await expect(renter.getByText('Maksmine õnnestus')).toBeVisible();
    await expect.poll(() => balanceCents(renter)).toBe(balance - totalCents);
    await expect(renter.getByRole('checkbox', { name: new RegExp(contract.product.name) })).toHaveCount(0);
    await renter.goto('/auth/contracts');
    await expect(renter.getByRole('listitem').filter({ hasText: contract.product.name }).first()).toContainText('Rent aktiivne');

    await owner.reload();
    await expect(owner.getByTestId('account-pending')).toBeVisible();
    const pendingAfter = centsOf(await owner.getByTestId('account-pending').innerText());
    const share = pendingAfter - pendingBefore;
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThanOrEqual(totalCents);
    expect(await balanceCents(owner)).toBe(ownerBefore);

    // After the rental's end (the API's clock moved past it) the rent is on the owner's balance.
    const untilAfterEnd = Date.parse(contract.endTs) - Date.now() + 3_600_000;
    await shiftServerClock(owner, untilAfterEnd);
    try {
      await signIn(owner, DEMO.owner.username, DEMO.owner.password);
      await expect(owner).toHaveURL(/\/auth\//);
      await openAccount(owner);
      await expect.poll(() => balanceCents(owner)).toBe(ownerBefore + share);
      await expect(owner.getByRole('listitem').filter({ hasText: 'Renditulu' }).first()).not.toContainText('(Ootel)');
    } finally {
      await shiftServerClock(owner, -untilAfterEnd);
    }
  });

  test('instant book through the bank ends on the success view; a failed payment frees the time', async ({ page }) => {
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await expect(page).toHaveURL(/\/auth\//);
    // Product 27 'Autoveohaagis Boro Atlas' of the business owner is approved automatically.
    const book = async (choice: 'Maksa' | 'Makse ebaõnnestub') => {
      await page.goto('/public/detail-view/27');
      const form = page.getByRole('form', { name: 'Maksa ja rendi' });
      await expect(form).toBeVisible();
      for (let i = 0; i < 3; i += 1) await form.getByRole('button', { name: 'Järgmine kuu' }).click();
      await form.getByRole('gridcell', { name: freeDay(12) }).click();
      await form.getByRole('button', { name: 'Päevad: rohkem' }).click();
      await form.getByRole('radio', { name: 'SEB' }).click();
      await form.getByRole('button', { name: 'Maksa ja rendi' }).click();
      await answerBank(page, choice);
    };

    await book('Makse ebaõnnestub');
    await expect(page).toHaveURL(/\/public\/rent-success\?/);
    await expect(page.getByText('Maksmine ebaõnnestus')).toBeVisible();

    // The same days again: the failed payment released them, so this one goes through.
    await book('Maksa');
    await expect(page).toHaveURL(/\/public\/rent-success\?/);
    await expect(page.getByText(`Aitäh, ${DEMO.renter.fullName}!`)).toBeVisible();
    await expect(page.getByTestId('success-product')).toContainText('Autoveohaagis Boro Atlas');
    await expect(page.getByRole('link', { name: 'Laadi leping alla (PDF)' })).toBeVisible();
    await expect(page.getByText('Maksmine ebaõnnestus')).toHaveCount(0);
  });

  test('go-kart: three riders for two slots, paid by bank link', async ({ page }) => {
    await signIn(page, DEMO.renter.username, DEMO.renter.password);
    await expect(page).toHaveURL(/\/auth\//);
    // The second Saturday of next month: the track is open Wednesday to Sunday, 10–20.
    await bookThreeRidersTwoSlots(page, { day: secondSaturdayOfNextMonth(), slots: ['12:00', '12:20'] });
    await expect(page.getByText('Õie Õun')).toBeVisible();
    await expect(page.getByText(/12:00, 12:20/)).toBeVisible();
  });
  // Issue 25: 'Maksma' on a contract card led to the account with nothing ticked, and 'Maksa' was
  // enabled with too little balance, refusing only after the click.
  test("'Maksma' ticks its contract; too little balance disables 'Maksa' and offers the deposit of what is missing", async ({
    page: renter,
    openPage,
  }) => {
    const call = (page: Page, method: string, url: string, body?: unknown) =>
      pageCall<{ id: number; balanceCents?: number }>(page, method, url, body);
    await signIn(renter, DEMO.renter.username, DEMO.renter.password);
    await expect(renter).toHaveURL(/\/auth\//);
    const owner = await openPage();
    await signIn(owner, DEMO.owner.username, DEMO.owner.password);
    await expect(owner).toHaveURL(/\/auth\//);

    // A request six months ahead for omanik's hot tub (186), clear of the keyboard journey's booking of it (three months on), accepted: a contract waiting for payment.
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 6, 12, 8));
    const end = new Date(start.getTime() + 2 * 86_400_000);
    const requested = await call(renter, 'POST', '/api/reservations/product/186', {
      startTs: start.toISOString(),
      endTs: end.toISOString(),
    });
    expect(requested.status).toBe(201);
    const accepted = await call(owner, 'PUT', `/api/reservations/accept/${requested.body.id}`, {
      acceptedText: 'Kinnitan.',
      additionalCost: 0,
    });
    expect(accepted.status).toBe(200);

    // 'Maksma' on its card: the account with that contract ticked.
    await renter.goto('/auth/contracts?tabId=out');
    const card = renter.getByTestId('contract-card').filter({ hasText: 'Mullivann haagisel' }).filter({ hasText: 'Makse ootel' }).first();
    await card.getByRole('link', { name: 'Maksma' }).click();
    await expect(renter).toHaveURL(/\/auth\/account\?contracts=\d+$/);
    const contractId = Number(new URL(renter.url()).searchParams.get('contracts'));
    const box = renter.getByTestId('unpaid-contract').filter({ hasText: 'Mullivann haagisel' }).getByRole('checkbox');
    await expect(renter.getByRole('checkbox', { checked: true })).toHaveCount(1);
    await expect(box.first()).toBeChecked();
    const total = centsOf(await renter.getByTestId('selection-total').innerText());
    const contract = (await (await renter.request.get('/api/payment/unpaid-contracts')).json()).unpaidContracts.find(
      (c: { id: number }) => c.id === contractId,
    );
    expect(Math.round(contract.price.total * 100)).toBe(total);

    // Leave 10 € less than the total on the balance (a payout to the profile's IBAN).
    const balance = await balanceCents(renter);
    if (balance > total - 1000) {
      const payout = await call(renter, 'POST', '/api/payment/withdrawal', { amount: (balance - total + 1000) / 100 });
      expect(payout.status).toBe(200);
    }
    await renter.reload();
    await expect.poll(() => balanceCents(renter)).toBeLessThan(total);
    const missing = total - (await balanceCents(renter));
    const missingText = `${(missing / 100).toFixed(2).replace('.', ',')}`;
    const pay = renter.getByRole('button', { name: 'Maksa', exact: true });
    await expect(pay).toBeDisabled();
    await expect(renter.getByTestId('insufficient-funds')).toContainText(
      `Kontol puuduvad vahendid. Kontol pole piisavalt raha: lisa puuduolev ${missingText}`,
    );

    // The deposit of what is missing: filled in, through the bank page, then paying works.
    await renter.getByRole('button', { name: new RegExp(`^Lisa ${missingText}\\s€ pangalingiga$`) }).click();
    const deposit = renter.getByRole('form', { name: 'Sissemakse' });
    await expect(deposit.getByLabel('Summa (€)')).toHaveValue(missingText);
    await expect(deposit.getByLabel('Summa (€)')).toBeFocused();
    await deposit.getByRole('radio', { name: 'SEB' }).click();
    await deposit.getByRole('button', { name: 'Maksa pangalingiga' }).click();
    await answerBank(renter, 'Maksa');
    await expect(renter.getByText('Maksmine õnnestus')).toBeVisible();
    await expect.poll(() => balanceCents(renter)).toBe(total);
    // Back from the bank the page has no `contracts`: tick it again (its label; Chakra draws the box over the input).
    await renter.getByTestId('unpaid-contract').filter({ hasText: 'Mullivann haagisel' }).first().getByText('Mullivann haagisel').click();
    await expect(box.first()).toBeChecked();
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(renter.getByText('Maksmine õnnestus').first()).toBeVisible();
    await expect.poll(() => balanceCents(renter)).toBe(0);
  });
});
