import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage, signIn } from './support/browser';
import { expectDisabled, expectText, expectVisible, poll } from './support/waits';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const unique = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ee`;

/** Creates a private user through the API (as the sign-up page would) in a throwaway context. */
async function createUser(email: string, password: string): Promise<void> {
  const { context, page } = await newPage(browser, { acceptCookies: true });
  await page.goto('/public/kkk');
  const status = await page.evaluate(
    async ([username, pw]) => {
      const res = await fetch('/api/users/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'rendime' },
        body: JSON.stringify({ username, password: pw, type: 'B2C', countryCode: 'EE', contactInfos: [{ type: 'EMAIL', value: username, prime: false }] }),
      });
      return res.status;
    },
    [email, password] as const,
  );
  expect(status).toBe(200);
  await context.close();
}

async function outboxLink(page: Page, to: string): Promise<string> {
  const mails = await poll(
    async () => (await (await page.request.get(`${baseUrl}/api/sandbox/outbox.json`)).json()) as Array<{ to: string; body: string }>,
    (list) => list.some((m) => m.to === to),
    `a mail to ${to}`,
  );
  const body = mails.find((m) => m.to === to)!.body;
  const match = /https?:\/\/\S+\/public\/change-password\?key=\S+/.exec(body);
  if (!match) throw new Error(`no reset link in: ${body}`);
  return match[0];
}

describe('front page (acceptance 7)', () => {
  it('the slider, a tile and a chip reach the right routes', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await page.goto('/public');
    const slider = page.getByTestId('product-slider');
    await expectVisible(slider.getByTestId('slider-card'));
    const page0 = Number(await slider.getAttribute('data-page'));
    expect(page0).toBeGreaterThanOrEqual(0);
    expect(page0).toBeLessThanOrEqual(3);
    expect(await slider.getByTestId('slider-card').count()).toBe(7);
    const href = await slider.getByTestId('slider-card').first().getAttribute('href');
    expect(href).toMatch(/^\/public\/detail-view\/\d+$/);
    await slider.getByTestId('slider-card').first().click();
    await page.waitForURL(`${baseUrl}${href}`);

    await page.goto('/public');
    await page.getByTestId('tile-videoAudio').click();
    await page.waitForURL(`${baseUrl}/public/search-products?cat=6`);

    await page.goto('/public');
    await page.getByTestId('category-chips').getByRole('link', { name: 'Haagised' }).click();
    // the shortcut route replaces itself with the search and its preset
    await page.waitForURL(`${baseUrl}/public/search-products?search=haagis`);
    await page.goBack();
    await page.waitForURL(`${baseUrl}/public`);

    await page.goto('/otsing/rasketehnika/rent');
    await page.waitForURL(`${baseUrl}/public/search-products?cat=55`);
    await page.goto('/public');
    await page.getByTestId('tile-hobby').click();
    await page.waitForURL(`${baseUrl}/public/search-products?cat=2`);
    await context.close();
  });

  it('the terms page shows every section named in the spec', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/public/usage');
    for (const title of ['Küpsised', 'Üldsätted', 'Platvorm', 'Konto', 'Kuulutused', 'Rendileping', 'Kasutamine', 'Tagastamine', 'Teenustasu', 'Tagasiside', 'Platvormi haldamine', 'Omandiõigus', 'Isikuandmed', 'Vastutus', 'Muud sätted']) {
      await expectVisible(page.getByRole('heading', { name: title, exact: true, level: 2 }));
    }
    // the cookie dialog stays away on the usage page
    expect(await page.getByRole('dialog', { name: 'Küpsised' }).count()).toBe(0);
    await context.close();
  });
});

describe('validation messages (acceptance 6)', () => {
  it('shows one message of each kind with the spec wording', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await page.goto('/public/signup');
    const form = page.getByTestId('private-form');
    const email = form.locator('input[name="email"]');
    await email.focus();
    await email.blur();
    await expectText(form.getByTestId('error-email'), 'Kohustuslik');
    await email.fill('mari@');
    await expectText(form.getByTestId('error-email'), 'Vale email');
    await form.locator('input[name="password"]').fill('lyhike');
    await form.locator('input[name="password"]').blur();
    await expectText(form.getByTestId('error-password'), 'Parool peab olema vähemalt 8 tähemärki');
    await form.locator('input[name="passwordRepeat"]').fill('muu');
    await form.locator('input[name="passwordRepeat"]').blur();
    await expectText(form.getByTestId('error-passwordRepeat'), 'Paroolid ei ühti.');
    const submit = form.getByRole('button', { name: 'Registreeru' });
    await expectDisabled(submit, true);
    await form.getByText('I have read and agree to the terms').click();
    await expectDisabled(submit, false);

    await signIn(page, 'rentija@rendime.ee', 'Vale-parool-1');
    await expectText(page.getByTestId('login-error'), 'Vale email või parool');

    await page.goto('/public/contact-us');
    await page.getByRole('button', { name: 'Saada' }).click();
    await expectText(page.getByTestId('error-content'), 'Kohustuslik');
    await context.close();
  });
});

describe('business registration (acceptance 4)', () => {
  it('registers with the representative verified by Smart-ID; register stays disabled until then', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await page.addInitScript(() => {
      (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
    });
    const email = unique('firma');
    await page.goto('/public/signup');
    await page.getByRole('tab', { name: 'Äriklient' }).click();
    const form = page.getByTestId('business-form');
    await form.locator('input[name="name"]').fill('Testfirma OÜ');
    await form.locator('input[name="registryCode"]').fill('12345678');
    await form.locator('input[name="representativeName"]').fill('Mari Maasikas');
    await form.locator('input[name="idCode"]').fill('40504040001');
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill('Firma12345');
    await form.locator('input[name="passwordRepeat"]').fill('Firma12345');
    const submit = form.locator('button[type="submit"]');
    await expectDisabled(submit, true);
    await form.getByText('I have read and agree to the terms').click();
    // terms alone are not enough
    await expectDisabled(submit, true);

    const widget = form.getByTestId('widget-mf-account-identity-check');
    await expectVisible(widget.getByRole('button', { name: 'Smart-ID' }), 30000);
    await expectDisabled(widget.getByRole('button', { name: 'Smart-ID' }), true);
    await widget.locator('input[name="phoneNumber"]').fill('+37255512345');
    await widget.getByRole('button', { name: 'Smart-ID' }).click();
    await expectVisible(widget.getByTestId('identity-control-code'));
    expect(await widget.getByTestId('identity-control-code').textContent()).toMatch(/^\d{4}$/);
    await expectDisabled(submit, true);
    await expectVisible(form.getByTestId('identity-verified'), 60000);
    await expectDisabled(submit, false);
    await submit.click();
    await page.waitForURL(`${baseUrl}/auth/user-profile`, { timeout: 20000 });
    const events = await page.evaluate(() => (window as unknown as { dataLayer: Array<{ event?: string }> }).dataLayer.map((e) => e.event));
    expect(events).toContain('user registered');
    const session = await page.evaluate(async () => (await fetch('/api/users/session')).json());
    expect(session).toMatchObject({ username: email, type: 'B2B', name: 'Testfirma OÜ' });
    await context.close();
  });
});

describe('password reset (acceptance 5)', () => {
  it('forgot password, link from the outbox, new password, sign in with it', async () => {
    const email = unique('unustaja');
    await createUser(email, 'Vanaparool1');
    const { context, page } = await newPage(browser, { acceptCookies: true });
    await page.goto('/public/login');
    await page.getByRole('link', { name: 'Unustasid parooli?' }).click();
    await page.waitForURL(`${baseUrl}/public/forgot-password`);
    await page.locator('input[name="email"]').fill(email);
    await page.getByRole('button', { name: 'Saada link' }).click();
    await expectText(page.getByTestId('forgot-result'), 'Õnnestus! Kontrolli oma emaili.');
    await page.waitForURL(`${baseUrl}/public`, { timeout: 10000 });

    const link = await outboxLink(page, email);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
    await page.locator('input[name="password"]').fill('Uusparool2');
    await page.locator('input[name="passwordRepeat"]').fill('Uusparool2');
    await page.getByRole('button', { name: 'Salvesta parool' }).click();
    await expectText(page.getByTestId('change-result'), 'Õnnestus! uus parool seatud.');
    // the reload finds the used link invalid and leaves for the front page
    await page.waitForURL(`${baseUrl}/public`, { timeout: 10000 });

    await signIn(page, email, 'Vanaparool1');
    await expectText(page.getByTestId('login-error'), 'Vale email või parool');
    await signIn(page, email, 'Uusparool2');
    await page.waitForURL(`${baseUrl}/auth/user-profile`);
    await context.close();
  });
});

describe('other public pages', () => {
  it('placeholder pages, the deleted view and the contact form', async () => {
    const { context, page } = await newPage(browser, { acceptCookies: true });
    for (const path of ['/public/about-us', '/public/blog', '/public/directory', '/public/insurance', '/public/owner-info', '/public/rent-info']) {
      await page.goto(path);
      await expectText(page.getByTestId('works'), 'Töös');
    }
    await page.goto('/public/deleted');
    await expectText(page.getByTestId('maintenance-banner'), 'Hetkel ei saa rentida, toode on hoolduses.');
    await page.goto('/public/contact-us');
    await page.locator('input[name="email"]').fill('kylaline@example.ee');
    await page.locator('textarea[name="content"]').fill('Kas teil on ka paadihaagiseid?');
    await page.getByRole('button', { name: 'Saada' }).click();
    await expectText(page.getByTestId('contact-result'), 'Thanks for the letter, we will reply at first opportunity');
    await page.goto('/public/customer-products/2');
    await expectVisible(page.getByTestId('customer-products').getByTestId('slider-card'));
    await context.close();
  });
});
