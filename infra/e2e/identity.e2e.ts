import type { Page } from '@playwright/test';
import { baseUrl, expect, registerUser, test, uniqueEmail } from './support/fixtures';

// Identity verification journeys (issue 4): a new private user verifies with the Smart-ID and
// Mobile-ID sandboxes (demo personal codes of ../shared/design/estonia.md) on /auth/verify-identity.

const PASSWORD = 'Tuvastus123';

/** Registers and signs in from the page's own origin, so the session cookie lands in the browser. */
async function registerAndSignIn(page: Page): Promise<string> {
  const email = uniqueEmail('e2e-id');
  await page.goto('/public');
  await registerUser(page, email, PASSWORD);
  const login = await page.evaluate(
    async ({ username, password }) =>
      (
        await fetch('/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password }),
        })
      ).status,
    { username: email, password: PASSWORD },
  );
  expect(login).toBe(200);
  return email;
}

async function sessionRoles(page: Page): Promise<string[]> {
  return page.evaluate(async () => ((await (await fetch('/api/users/session')).json()) as { roles: string[] }).roles);
}

async function fillVerifyForm(page: Page, code: string): Promise<void> {
  await page.locator('input[name="firstName"]').fill('Mari');
  await page.locator('input[name="lastName"]').fill('Maasikas');
  await page.locator('input[name="personalCode"]').fill(code);
  await page.getByRole('button', { name: 'Tuvasta', exact: true }).click();
}

test.describe('identity verification', () => {
  test('a new private user lands needing verification, verifies with Smart-ID 40504040001 and ends as ROLE_USER', async ({ page }) => {
    await registerAndSignIn(page);
    expect(await sessionRoles(page)).toEqual(['ROLE_USER_B2C_NEED_ID']);

    await page.goto('/auth/user-profile');
    const restricted = page.getByTestId('profile-restricted');
    await expect(restricted).toContainText('Sinu konto on piiratud');
    await restricted.getByRole('link').click();
    await expect(page).toHaveURL(`${baseUrl}/auth/verify-identity`);

    // The isikukood check speaks first, and Verify stays off until the code is right.
    await page.locator('input[name="firstName"]').fill('Mari');
    await page.locator('input[name="lastName"]').fill('Maasikas');
    await page.locator('input[name="personalCode"]').fill('30303039915');
    await page.locator('input[name="personalCode"]').blur();
    await expect(page.getByTestId('error-personalCode')).toContainText(
      'Vigane isikukood, tuvastamise jätkamiseks sisesta palun õige isikukood: 30303039915',
    );
    await expect(page.getByRole('button', { name: 'Tuvasta', exact: true })).toBeDisabled();

    await fillVerifyForm(page, '40504040001');
    // The ID-provider buttons need a phone number (spec section 5).
    await expect(page.getByRole('button', { name: 'Smart-ID' })).toBeDisabled();
    await page.locator('input[name="phoneNumber"]').fill('+37255512345');
    await page.getByRole('button', { name: 'Smart-ID' }).click();
    await expect(page.getByTestId('identity-control-code')).toHaveText(/^\d{4}$/);
    await expect(page.getByTestId('identity-countdown')).toContainText('Aega jäänud: 60 s');
    await expect(page.getByTestId('identity-countdown')).toContainText('Aega jäänud: 58 s', { timeout: 5_000 });
    await expect(page.getByTestId('identity-result')).toContainText('Isikutuvastus õnnestus', { timeout: 20_000 });
    await expect(page).toHaveURL(`${baseUrl}/auth/user-profile`, { timeout: 10_000 });
    await expect(page.getByTestId('profile-name')).toContainText('Mari Maasikas');
    expect(await sessionRoles(page)).toEqual(['ROLE_USER']);
    await expect(page.getByTestId('profile-restricted')).toHaveCount(0);
  });

  test('Smart-ID 30403039917 is refused, then (after the reload) Mobile-ID +37200000366 / 60001019928 fails too; the role stays', async ({
    page,
  }) => {
    await registerAndSignIn(page);
    await page.goto('/auth/verify-identity');
    await fillVerifyForm(page, '30403039917');
    await page.locator('input[name="phoneNumber"]').fill('+37255512345');
    await page.getByRole('button', { name: 'Smart-ID' }).click();
    await expect(page.getByTestId('identity-control-code')).toHaveText(/^\d{4}$/);
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await expect(page.getByTestId('identity-result')).toContainText('Isikutuvastus ebaõnnestus: Kasutaja keeldus tuvastamisest.', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('verify-failure')).toContainText('Meil ei õnnestu sind tuvastada. Proovige palun uuesti!');

    // The page reloads 2.5 s after a failure; the form is empty and usable again.
    await page.waitForFunction(() => !(window as unknown as { beforeReload?: boolean }).beforeReload, undefined, { timeout: 10_000 });
    await expect(page.locator('input[name="personalCode"]')).toBeVisible();
    await fillVerifyForm(page, '60001019928');
    await expect(page.getByRole('button', { name: 'Mobiil-ID' })).toBeDisabled();
    await page.locator('input[name="phoneNumber"]').fill('+37200000366');
    await page.getByRole('button', { name: 'Mobiil-ID' }).click();
    await expect(page.getByTestId('identity-control-code')).toHaveText(/^\d{4}$/);
    await expect(page.getByTestId('identity-result')).toContainText(
      'Isikutuvastus ebaõnnestus: Sellel telefoninumbril ja isikukoodil puudub kehtiv Mobiil-ID leping.',
      { timeout: 20_000 },
    );

    // Retry right away: the modal offers the providers again.
    await page.getByRole('button', { name: 'Proovi uuesti' }).click();
    await expect(page.getByRole('button', { name: 'Smart-ID' })).toBeEnabled();
    expect(await sessionRoles(page)).toEqual(['ROLE_USER_B2C_NEED_ID']);
  });

  test('update-fully-privileged without a successful verification is refused and the role stays (API)', async ({ request }) => {
    const email = uniqueEmail('e2e-id');
    const reg = await request.post('/api/users/register', {
      data: { username: email, password: PASSWORD, type: 'B2C', contactInfos: [{ type: 'EMAIL', value: email, prime: false }] },
    });
    expect(reg.status()).toBe(200);
    const user = (await reg.json()) as { id: number };
    // The request context keeps the session cookie the registration set.
    const up = await request.put(`/api/users/update-fully-privileged/${user.id}`, { data: { identityCode: '40504040001' } });
    expect(up.status()).toBe(403);
    expect(((await up.json()) as { code: string }).code).toBe('IDENTITY_NOT_VERIFIED');
    const session = (await (await request.get('/api/users/session')).json()) as { roles: string[] };
    expect(session.roles).toEqual(['ROLE_USER_B2C_NEED_ID']);
  });
});
