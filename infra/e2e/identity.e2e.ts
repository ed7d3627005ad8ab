import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage } from './support/browser';

// Identity verification journeys (issue 4): a new private user verifies with the Smart-ID and
// Mobile-ID sandboxes (demo personal codes of ../shared/design/estonia.md) on /auth/verify-identity.

jest.setTimeout(120_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

let seq = 0;
const uniqueEmail = () => `e2e-id-${Date.now()}-${++seq}@example.ee`;
const PASSWORD = 'Tuvastus123';

/** Registers and signs in from the page's own origin, so the session cookie lands in the browser. */
async function registerAndSignIn(page: Page): Promise<string> {
  const email = uniqueEmail();
  await page.goto('/public');
  const status = await page.evaluate(
    async ({ email, password }) => {
      const json = { 'content-type': 'application/json' };
      const reg = await fetch('/api/users/register', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: email, password, type: 'B2C', countryCode: 'EE', contactInfos: [{ type: 'EMAIL', value: email, prime: false }] }),
      });
      const login = await fetch('/api/login', { method: 'POST', headers: json, body: JSON.stringify({ username: email, password }) });
      return [reg.status, login.status];
    },
    { email, password: PASSWORD },
  );
  expect(status).toEqual([200, 200]);
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

async function waitForText(page: Page, selector: string, text: string | RegExp, timeout = 30_000): Promise<string> {
  const until = Date.now() + timeout;
  let last = '';
  while (Date.now() < until) {
    last = (await page.locator(selector).first().textContent().catch(() => null)) ?? '';
    if (typeof text === 'string' ? last.includes(text) : text.test(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${selector}: expected ${String(text)}, last "${last}"`);
}

describe('identity verification', () => {
  it('a new private user lands needing verification, verifies with Smart-ID 40504040001 and ends as ROLE_USER', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await registerAndSignIn(page);
    expect(await sessionRoles(page)).toEqual(['ROLE_USER_B2C_NEED_ID']);

    await page.goto('/auth/user-profile');
    await waitForText(page, '[data-testid="profile-restricted"]', 'Sinu konto on piiratud');
    await page.locator('[data-testid="profile-restricted"] a').click();
    await page.waitForURL(`${baseUrl}/auth/verify-identity`);

    // The isikukood check speaks first, and Verify stays off until the code is right.
    await page.locator('input[name="firstName"]').fill('Mari');
    await page.locator('input[name="lastName"]').fill('Maasikas');
    await page.locator('input[name="personalCode"]').fill('30303039915');
    await page.locator('input[name="personalCode"]').blur();
    await waitForText(page, '[data-testid="error-personalCode"]', 'Vigane isikukood, tuvastamise jätkamiseks sisesta palun õige isikukood: 30303039915');
    expect(await page.getByRole('button', { name: 'Tuvasta', exact: true }).isDisabled()).toBe(true);

    await fillVerifyForm(page, '40504040001');
    // The ID-provider buttons need a phone number (spec section 5).
    expect(await page.getByRole('button', { name: 'Smart-ID' }).isDisabled()).toBe(true);
    await page.locator('input[name="phoneNumber"]').fill('+37255512345');
    await page.getByRole('button', { name: 'Smart-ID' }).click();
    const code = await waitForText(page, '[data-testid="identity-control-code"]', /^\d{4}$/);
    expect(code).toMatch(/^\d{4}$/);
    await waitForText(page, '[data-testid="identity-countdown"]', 'Aega jäänud: 60 s');
    await waitForText(page, '[data-testid="identity-countdown"]', 'Aega jäänud: 58 s', 5_000);
    await waitForText(page, '[data-testid="identity-result"]', 'Isikutuvastus õnnestus', 20_000);
    await page.waitForURL(`${baseUrl}/auth/user-profile`, { timeout: 10_000 });
    expect(await sessionRoles(page)).toEqual(['ROLE_USER']);
    await waitForText(page, '[data-testid="profile-name"]', 'Mari Maasikas');
    expect(await page.locator('[data-testid="profile-restricted"]').count()).toBe(0);
    await context.close();
  });

  it('Smart-ID 30403039917 is refused, then (after the reload) Mobile-ID +37200000366 / 60001019928 fails too; the role stays', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await registerAndSignIn(page);
    await page.goto('/auth/verify-identity');
    await fillVerifyForm(page, '30403039917');
    await page.locator('input[name="phoneNumber"]').fill('+37255512345');
    await page.getByRole('button', { name: 'Smart-ID' }).click();
    await waitForText(page, '[data-testid="identity-control-code"]', /^\d{4}$/);
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await waitForText(page, '[data-testid="identity-result"]', 'Isikutuvastus ebaõnnestus: Kasutaja keeldus tuvastamisest.', 20_000);
    await waitForText(page, '[data-testid="verify-failure"]', 'Meil ei õnnestu sind tuvastada. Proovige palun uuesti!');

    // The page reloads 2.5 s after a failure; the form is empty and usable again.
    await page.waitForFunction(() => !(window as unknown as { beforeReload?: boolean }).beforeReload, undefined, { timeout: 10_000 });
    await page.locator('input[name="personalCode"]').waitFor({ state: 'visible', timeout: 15_000 });
    await fillVerifyForm(page, '60001019928');
    expect(await page.getByRole('button', { name: 'Mobiil-ID' }).isDisabled()).toBe(true);
    await page.locator('input[name="phoneNumber"]').fill('+37200000366');
    await page.getByRole('button', { name: 'Mobiil-ID' }).click();
    await waitForText(page, '[data-testid="identity-control-code"]', /^\d{4}$/);
    await waitForText(page, '[data-testid="identity-result"]', 'Isikutuvastus ebaõnnestus: Sellel telefoninumbril ja isikukoodil puudub kehtiv Mobiil-ID leping.', 20_000);

    // Retry right away: the modal offers the providers again.
    await page.getByRole('button', { name: 'Proovi uuesti' }).click();
    expect(await page.getByRole('button', { name: 'Smart-ID' }).isEnabled()).toBe(true);
    expect(await sessionRoles(page)).toEqual(['ROLE_USER_B2C_NEED_ID']);
    await context.close();
  });

  it('update-fully-privileged without a successful verification is refused and the role stays (API)', async () => {
    const email = uniqueEmail();
    const json = { 'content-type': 'application/json' };
    const reg = await fetch(`${baseUrl}/api/users/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: email, password: PASSWORD, type: 'B2C', contactInfos: [{ type: 'EMAIL', value: email, prime: false }] }),
    });
    expect(reg.status).toBe(200);
    const user = (await reg.json()) as { id: number };
    const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0];
    const up = await fetch(`${baseUrl}/api/users/update-fully-privileged/${user.id}`, {
      method: 'PUT',
      headers: { ...json, cookie },
      body: JSON.stringify({ identityCode: '40504040001' }),
    });
    expect(up.status).toBe(403);
    expect(((await up.json()) as { code: string }).code).toBe('IDENTITY_NOT_VERIFIED');
    const session = (await (await fetch(`${baseUrl}/api/users/session`, { headers: { cookie } })).json()) as { roles: string[] };
    expect(session.roles).toEqual(['ROLE_USER_B2C_NEED_ID']);
  });
});
