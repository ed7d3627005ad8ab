import type { Page } from '@playwright/test';
import { expect, registerUser, signIn, test, uniqueEmail } from './support/fixtures';
import { DEMO } from './support/demo-users';

// Issue 31 acceptance 6 in two browsers: an operator finds a user in the console, suspends them
// with a reason (their open session ends, sign-in says 'Konto on peatatud'), reinstates them (they
// sign in again), and the console's audit log shows who did both.

async function findUser(admin: Page, email: string) {
  await admin.getByLabel('Nimi või e-post').fill(email);
  await admin.getByRole('button', { name: 'Otsi', exact: true }).click();
  const row = admin.getByTestId('admin-user-list').getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('operator console: users', () => {
  test('suspend with a reason ends the session and refuses sign-in; reinstating restores access; the log shows both', async ({
    page: user,
    openPage,
  }) => {
    // A fresh user, signed in by the registration, so no demo account is touched.
    const email = uniqueEmail('peatus');
    const password = 'Peatatav123';
    await user.goto('/public');
    await registerUser(user, email, password);
    await user.goto('/auth/user-profile');
    await expect(user.getByRole('heading', { name: 'Minu viimased tooted' })).toBeVisible();

    const admin = await openPage();
    await signIn(admin, DEMO.admin.username, DEMO.admin.password);
    await expect(admin).toHaveURL(/\/auth\//);
    await admin.goto('/auth/admin');
    await admin.getByRole('link', { name: 'Kasutajad' }).click();
    await expect(admin).toHaveURL(/\/auth\/admin\/users$/);

    let row = await findUser(admin, email);
    await expect(row).toContainText('aktiivne');
    await row.getByRole('button', { name: 'Peata' }).click();
    await row.getByLabel(/Peatamise põhjus/).fill('Valeandmed profiilis');
    await row.getByRole('button', { name: 'Peata konto' }).click();
    await expect(admin.getByText(/on peatatud\. Suletud rendisoove: 0\./)).toBeVisible();
    row = await findUser(admin, email);
    await expect(row).toContainText('peatatud');
    await expect(row).toContainText('Valeandmed profiilis');
    const log = admin.getByTestId('audit-log');
    await expect(log.getByRole('row').filter({ hasText: 'Konto peatatud' }).first()).toContainText('Valeandmed profiilis');

    // The user's open session is over: the next page needs a sign-in, which is refused.
    await user.goto('/auth/user-profile');
    await expect(user).toHaveURL(/\/public\/login/);
    await signIn(user, email, password);
    await expect(user.getByText('Konto on peatatud')).toBeVisible();
    await expect(user).toHaveURL(/\/public\/login/);

    await row.getByRole('button', { name: 'Taasta' }).click();
    await expect(row).toContainText('aktiivne');
    await expect(log.getByRole('row').filter({ hasText: 'Konto taastatud' }).first()).toBeVisible();

    await signIn(user, email, password);
    await expect(user).toHaveURL(/\/auth\//);
  });
});
