import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { DEMO } from './support/demo-users';

// Issue 31 acceptance 4 in two browsers: the renter pays a contract and reports the item broken,
// which puts the contract in APPEALED; the operator opens the dispute from the console's queue,
// reads the evidence, decides a penalty and a refund, and the renter's contract shows 'Lahendatud'.
// It runs on the second lane's own platform: it spends the demo renter's waiting contract.

/** A same-origin API call from the page, as the site's own client makes it. */
async function api<T>(page: Page, method: string, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([m, p]) => {
      const res = await fetch(`/api${p}`, { method: m, headers: { 'X-Requested-With': 'rendime' } });
      return { status: res.status, body: await res.json() };
    },
    [method, path] as const,
  );
}

test.describe('operator console: disputes', () => {
  test('a broken-item complaint is decided by the operator with a penalty and a refund; the contract shows Lahendatud', async ({
    page: renter,
    openPage,
  }) => {
    await signIn(renter, DEMO.renter.username, DEMO.renter.password);
    await expect(renter).toHaveURL(/\/auth\//);
    const summary = await api<{ unpaidContracts: { id: number; product: { name: string } }[] }>(renter, 'GET', '/payment/unpaid-contracts');
    const contract = summary.body.unpaidContracts[0];
    expect(contract).toBeTruthy();
    expect((await api(renter, 'PUT', `/payment/contract?contracts=${contract.id}`)).status).toBe(200);
    const complaint = await api<{ contract: { status: string } }>(
      renter,
      'PUT',
      `/contracts/cancel/${contract.id}?reason=${encodeURIComponent('Tuled ei põle')}`,
    );
    expect(complaint.body.contract.status).toBe('APPEALED');

    const admin = await openPage();
    await signIn(admin, DEMO.admin.username, DEMO.admin.password);
    await expect(admin).toHaveURL(/\/auth\//);
    await admin.goto('/auth/admin');
    await admin.getByRole('link', { name: 'Vaidlused' }).click();
    const row = admin
      .getByTestId('dispute-list')
      .getByRole('row')
      .filter({ hasText: contract.product.name })
      .filter({ hasText: 'ootab otsust' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Toode oli katki');
    await row.getByRole('button', { name: /^Ava/ }).click();

    const detail = admin.getByTestId('dispute-detail');
    await expect(detail).toContainText('Tuled ei põle');
    await expect(detail).toContainText('Fotosid ei ole üles laaditud.');
    await detail.getByLabel(/Trahv rentijale/).fill('5');
    await expect(detail.getByTestId('penalty-split')).toContainText(/Platvormile 2,50\s€, omanikule 2,50\s€/);
    await detail.getByLabel(/Tagasimakse rentijale/).fill('10,50');
    await detail.getByLabel(/Otsuse põhjendus/).fill('Tuled olid katki, omanik parandab');
    await detail.getByRole('button', { name: 'Kinnita otsus' }).click();
    await expect(admin.getByText('Vaidlus on lahendatud: leping on nüüd „Lahendatud”.')).toBeVisible();
    await expect(admin.getByTestId('dispute-list').getByRole('row').filter({ hasText: contract.product.name }).first()).toContainText(
      'lahendatud',
    );
    await expect(admin.getByTestId('audit-log').getByRole('row').filter({ hasText: 'Vaidlus lahendatud' }).first()).toContainText(
      'Tuled olid katki, omanik parandab',
    );

    // The renter's contract list shows the spec's label.
    await renter.goto('/auth/contracts?tabId=out');
    await expect(renter.getByText('Lahendatud').first()).toBeVisible();
  });
});
