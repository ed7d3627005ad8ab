import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startFakeAriregister } from 'infra-api/test-fakes/ariregister-fake';
import { identityEnv, makeCa, makePersonCert } from 'infra-api/test-fakes/identity-pki';
import { startMobileIdFake } from 'infra-api/test-fakes/mobile-id-fake';
import { startFakeMontonio, type FakeMontonio } from 'infra-api/test-fakes/montonio-fake';
import { startSmartIdFake } from 'infra-api/test-fakes/smart-id-fake';
import { expect, test } from './support/fixtures';
import { apiDir, freePort, startOwnPlatform, type OwnPlatform } from './support/own-platform';
import { makePng } from './support/png';
import { startTlsFront, type TlsFront } from './support/tls-front';

// Issue 30, acceptance 1: the platform as it runs for real users. The built API with
// NODE_ENV=production on PostgreSQL, a real cookie secret, Secure cookies behind a TLS front for a
// public host name, and no sandbox anywhere: every outside service is a real client pointed at a
// local fake of the provider's published protocol. The journey then does what real people do:
// register, verify with Smart-ID, get the welcome mail by SMTP, register a business that the
// register confirms, list a product, book it, pay by bank link at the (fake) Montonio's payment
// page, have it accepted and download the contract PDF.

const HOST = 'rendime.test';
const SID_UUID = '00000000-0000-4000-8000-000000000000';
const MID_UUID = '00000000-0000-4000-8000-000000000001';
const PERSON = { code: '50001029996', givenName: 'KAAREL', surname: 'KASK' };
const REPRESENTATIVE = { code: '38501140035', givenName: 'MARI', surname: 'MAASIKAS' };
const COMPANY = { registryCode: '12345678', name: 'Tootmisprofiil OÜ' };
const OWNER = { code: '48705124215', givenName: 'LIIS', surname: 'LEHT', first: 'Liis', last: 'Leht' };
const RENTER = { code: '60001019906', givenName: 'TIIU', surname: 'TAMM', first: 'Tiiu', last: 'Tamm' };

interface Mail {
  to: string[];
  raw: string;
}

let platform: OwnPlatform;
let front: TlsFront;
let origin: string;
let bank: FakeMontonio;
const mails: Mail[] = [];
const closers: (() => Promise<void>)[] = [];

test.use({
  ignoreHTTPSErrors: true,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    // The public host name resolves to the TLS front on this machine only.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
    ],
  },
});

/** The test's SMTP server: every mail the API sends lands here (smtp-server is the API's test dependency). */
async function startSmtpSink(): Promise<number> {
  const { SMTPServer } = createRequire(path.join(apiDir, 'package.json'))('smtp-server') as {
    SMTPServer: new (options: Record<string, unknown>) => {
      listen(port: number, host: string, cb: () => void): void;
      close(cb: () => void): void;
      server: { address(): { port: number } };
    };
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream: NodeJS.ReadableStream, session: { envelope: { rcptTo: { address: string }[] } }, callback: () => void) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return server.server.address().port;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const now = new Date();
  const anchor = await makeCa('SK test anchor');
  const [sid, mid] = await Promise.all([startSmartIdFake({ rpUuid: SID_UUID }), startMobileIdFake({ rpUuid: MID_UUID })]);
  closers.push(sid.close, mid.close);
  for (const person of [PERSON, REPRESENTATIVE, OWNER, RENTER]) {
    sid.accounts.set(person.code, {
      endResult: 'OK',
      cert: await makePersonCert(anchor, { personalCode: person.code, givenName: person.givenName, surname: person.surname, now }),
    });
  }
  const register = await startFakeAriregister({
    [COMPANY.registryCode]: {
      name: COMPANY.name,
      representatives: [{ code: REPRESENTATIVE.code, firstName: 'Mari', lastName: 'Maasikas', role: 'JUHL' }],
    },
  });
  closers.push(register.close);
  const smtpPort = await startSmtpSink();
  const frontPort = await freePort();
  origin = `https://${HOST}:${frontPort}`;
  const merchant = { accessKey: 'production-profile-merchant', secret: crypto.randomBytes(32).toString('hex') };
  // Where the provider's notifications reach the API on this machine: known once it has started.
  const merchantApi = { publicBase: `${origin}/api`, internalBase: '' };
  bank = await startFakeMontonio({ ...merchant, merchantApi });
  closers.push(bank.close);
  platform = await startOwnPlatform({
    prefix: 'prod',
    replicas: 1,
    apiEnv: {
      NODE_ENV: 'production',
      SANDBOX_SERVICES: 'false',
      SEED_DEMO_DATA: 'false',
      COOKIE_SECURE: 'true',
      COOKIE_SECRET: crypto.randomBytes(32).toString('base64url'),
      PUBLIC_SITE_URL: origin,
      API_PUBLIC_URL: `${origin}/api`,
      ALLOWED_ORIGINS: origin,
      GOOGLE_CLIENT_ID: 'rendime-production-profile.apps.googleusercontent.com',
      PAYMENT_PROVIDER_URL: bank.apiUrl,
      PAYMENT_PROVIDER_ACCESS_KEY: merchant.accessKey,
      PAYMENT_PROVIDER_SECRET: merchant.secret,
      ...identityEnv(anchor.pem, { smartId: sid.url, mobileId: mid.url }),
      ARIREGISTER_URL: register.url,
      ARIREGISTER_USERNAME: 'rendime',
      ARIREGISTER_PASSWORD: 'ari-secret',
      MAIL_FROM: 'Rendime <info@rendime.test>',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // The account payouts leave from (pain.001 debtor, issue 31): production refuses to start without it.
      PAYOUT_DEBTOR_NAME: 'Rendime OÜ',
      PAYOUT_DEBTOR_IBAN: 'EE471000001020145685',
      PAYOUT_DEBTOR_BIC: 'EEUHEE2X',
    },
    // The banks' logos come from the provider's image host; nothing else of it is in the page's CSP.
    shellEnv: { RENDIME_PAYMENT_PROVIDER_ORIGINS: bank.url },
  });
  merchantApi.internalBase = platform.apis[0].base;
  front = await startTlsFront({ host: HOST, port: frontPort, upstream: platform.shellOrigin });
});

test.afterAll(async () => {
  await front?.stop();
  await platform?.stop();
  for (const close of closers) await close();
});

async function registerPrivate(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/public/signup`);
  const form = page.getByTestId('private-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('input[name="passwordRepeat"]').fill(password);
  await form.getByText('Olen tingimustega tutvunud ja nõustun nendega').click();
  // The spec reloads the page 1.5 s after a registration; a goto started before that reload is
  // aborted by it (net::ERR_ABORTED on CI's loaded machine), so the caller gets the page after it.
  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  await form.getByRole('button', { name: 'Registreeru' }).click();
  await expect(page).toHaveURL(/\/auth\//, { timeout: 30_000 });
  await reloaded;
}

/** A Monday two months ahead (weekdays are the product's default hours), as day of month. */
function mondayTwoMonthsAhead(): number {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
  return 1 + ((8 - first.getUTCDay()) % 7) + 7;
}

/** The signed-in session as the page's own code reads it; null while the page is between documents. */
async function sessionOf(page: Page): Promise<{ roles?: string[] } & Record<string, unknown>> {
  try {
    return await page.evaluate(
      async () => (await (await fetch('/api/users/session')).json()) as { roles?: string[] } & Record<string, unknown>,
    );
  } catch {
    // A navigation (the shell following the new session) destroyed the context: ask again.
    return {};
  }
}

async function verifyWithSmartId(page: Page, person: { code: string }, name: { first: string; last: string }): Promise<void> {
  await page.goto(`${origin}/auth/verify-identity`);
  await page.locator('input[name="firstName"]').fill(name.first);
  await page.locator('input[name="lastName"]').fill(name.last);
  await page.locator('input[name="personalCode"]').fill(person.code);
  await page.getByRole('button', { name: 'Tuvasta', exact: true }).click();
  await page.locator('input[name="phoneNumber"]').fill('+37255512345');
  await page.getByRole('button', { name: 'Smart-ID' }).click();
  await expect(page.getByTestId('identity-control-code')).toHaveText(/^\d{4}$/);
  await expect(page.getByTestId('identity-result')).toContainText('Isikutuvastus õnnestus', { timeout: 30_000 });
}

test('no sandbox exists in the production profile: its routes answer 404', async ({ page }) => {
  // Asked from the browser: only it resolves the public host name to the TLS front.
  await page.goto(`${origin}/public`);
  const routes = [
    '/api/sandbox/outbox',
    '/api/sandbox/clock',
    '/api/sandbox/bank-link/stores/payment-methods',
    '/api/sandbox/identity/sessions',
  ];
  const statuses = await page.evaluate(async (list) => Promise.all(list.map(async (r) => (await fetch(r)).status)), routes);
  expect(statuses).toEqual(routes.map(() => 404));
});

test('a private person registers over https, verifies with Smart-ID (real client, trusted test CA) and gets the welcome mail by SMTP', async ({
  page,
  context,
}) => {
  const email = `kaarel.${Date.now()}@example.ee`;
  await page.goto(`${origin}/public/signup`);
  const form = page.getByTestId('private-form');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill('Tootmine123');
  await form.locator('input[name="passwordRepeat"]').fill('Tootmine123');
  await form.getByText('Olen tingimustega tutvunud ja nõustun nendega').click();
  await form.getByRole('button', { name: 'Registreeru' }).click();
  await expect(page).toHaveURL(/\/auth\//, { timeout: 30_000 });
  const session = (await context.cookies(origin)).find((c) => c.httpOnly);
  expect(session?.secure, 'the session cookie is Secure').toBe(true);

  await verifyWithSmartId(page, PERSON, { first: 'Kaarel', last: 'Kask' });
  // The page shows the result of the identity check, then records the verified name: the roles follow.
  await expect.poll(async () => (await sessionOf(page))?.roles, { timeout: 30_000 }).toEqual(['ROLE_USER']);

  await expect.poll(() => mails.filter((m) => m.to.includes(email)).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const welcome = mails.find((m) => m.to.includes(email))!;
  expect(welcome.raw).toMatch(/^From: Rendime <info@rendime\.test>/m);
  expect(welcome.raw).toContain('Tere tulemast Rendime keskkonda!');
});

test('a business registers: its representative verified by Smart-ID and the company confirmed by the register', async ({ page }) => {
  const email = `firma.${Date.now()}@example.ee`;
  await page.goto(`${origin}/public/signup`);
  await page.getByRole('tab', { name: 'Äriklient' }).click();
  const form = page.getByTestId('business-form');
  await form.locator('input[name="name"]').fill(COMPANY.name);
  await form.locator('input[name="registryCode"]').fill(COMPANY.registryCode);
  await form.locator('input[name="representativeName"]').fill('Mari Maasikas');
  await form.locator('input[name="idCode"]').fill(REPRESENTATIVE.code);
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill('Firma12345');
  await form.locator('input[name="passwordRepeat"]').fill('Firma12345');
  await form.getByText('Olen tingimustega tutvunud ja nõustun nendega').click();
  const widget = form.getByTestId('widget-mf-account-identity-check');
  await widget.locator('input[name="phoneNumber"]').fill('+37255512345');
  await widget.getByRole('button', { name: 'Smart-ID' }).click();
  await expect(form.getByTestId('identity-verified')).toBeVisible({ timeout: 60_000 });
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(`${origin}/auth/user-profile`, { timeout: 30_000 });
  await expect.poll(() => sessionOf(page), { timeout: 30_000 }).toMatchObject({ username: email, type: 'B2B', name: COMPANY.name });
});

test('an owner lists a product, a renter books it and pays by bank link at the provider, the owner accepts, the contract PDF downloads', async ({
  page: owner,
  openPage,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const productName = `Tootmishaagis ${stamp}`;

  // 1. The owner: registers, verifies with Smart-ID, lists a product through the four steps.
  await registerPrivate(owner, `liis.${stamp}@example.ee`, 'Omanik12345');
  await verifyWithSmartId(owner, OWNER, { first: OWNER.first, last: OWNER.last });
  await owner.goto(`${origin}/auth/add-product`);
  await owner.getByRole('textbox', { name: 'Mudel / nimetus' }).fill(productName);
  await owner.getByRole('combobox', { name: 'Kategooria', exact: true }).selectOption({ label: 'Haagised' });
  await owner.getByRole('combobox', { name: 'Alamkategooria' }).selectOption({ label: 'Sõiduautohaagised' });
  await owner.getByRole('textbox', { name: 'Kirjeldus', exact: true }).fill('Kerge haagis, kandevõime 500 kg.');
  const image = path.join(os.tmpdir(), `rendime-prod-${process.pid}.png`);
  fs.writeFileSync(image, makePng(1200, 800));
  await owner.locator('input[type="file"]').setInputFiles([image]);
  await expect(owner.getByRole('img', { name: 'Pilt 1' })).toBeVisible({ timeout: 30_000 });
  await owner.getByRole('textbox', { name: 'Päevahind (€)' }).fill('20');
  await owner.getByRole('button', { name: 'Edasi' }).click();
  await owner.getByRole('button', { name: 'Edasi' }).click();
  await owner.getByRole('combobox', { name: 'Toote asukoht' }).fill('Tartu');
  await owner
    .getByRole('option', { name: /^Tartu/ })
    .first()
    .click();
  await owner.getByRole('button', { name: 'Edasi' }).click();
  await owner.getByRole('button', { name: 'Salvesta' }).click();
  await expect(owner).toHaveURL(/\/auth\/my-products/, { timeout: 15_000 });
  const found = await owner.evaluate(
    async (name) => (await (await fetch(`/api/products/search?name=${encodeURIComponent(name)}`)).json()) as { id: number }[],
    productName,
  );
  expect(found).toHaveLength(1);
  const productId = found[0].id;

  // 2. The renter, in another browser: registers, verifies, requests Monday to Wednesday.
  const renter = await openPage();
  await registerPrivate(renter, `tiiu.${stamp}@example.ee`, 'Rentija12345');
  await verifyWithSmartId(renter, RENTER, { first: RENTER.first, last: RENTER.last });
  const monday = mondayTwoMonthsAhead();
  await renter.goto(`${origin}/auth/rent-product/${productId}`);
  for (let i = 0; i < 2; i += 1) await renter.getByRole('button', { name: 'Järgmine kuu' }).click();
  await renter.getByRole('gridcell', { name: new RegExp(`^${monday}\\. \\S+ \\d{4}, vaba$`) }).click();
  await renter.getByRole('gridcell', { name: new RegExp(`^${monday + 2}\\. \\S+ \\d{4}, vaba$`) }).click();
  await renter.getByRole('button', { name: 'Broneeri', exact: true }).click();
  await expect(renter).toHaveURL(`${origin}/auth/contracts?tabId=pending`, { timeout: 15_000 });

  // 3. The renter pays in by bank link: the browser goes to the provider's payment page and back;
  // the provider's signed notification credits the balance.
  await renter.goto(`${origin}/auth/account`);
  const deposit = renter.getByRole('form', { name: 'Sissemakse' });
  await deposit.getByRole('radio', { name: 'Swedbank' }).click();
  await deposit.getByLabel('Summa (€)').fill('100');
  await deposit.getByRole('button', { name: 'Maksa pangalingiga' }).click();
  await expect(renter).toHaveURL(new RegExp(`^${bank.url}/pay/`), { timeout: 15_000 });
  await expect(renter.getByRole('heading', { name: 'Makse 100.00 EUR' })).toBeVisible();
  await renter.getByRole('button', { name: 'Kinnita makse' }).click();
  await expect(renter).toHaveURL(`${origin}/auth/account`, { timeout: 15_000 });
  await expect(renter.getByText('Maksmine õnnestus')).toBeVisible();
  expect(bank.notifications.at(-1)).toMatchObject({ paymentStatus: 'PAID', status: 200 });
  const order = bank.orders.at(-1)!;
  expect(order.claims).toMatchObject({
    grandTotal: 100,
    currency: 'EUR',
    payment: { method: 'paymentInitiation', amount: 100, methodOptions: { preferredProvider: 'HABAEE2X' } },
  });
  await expect(renter.getByTestId('account-balance')).toContainText('100,00');

  // 4. The owner accepts the request.
  await owner.goto(`${origin}/auth/reservations`);
  const card = owner.getByRole('listitem').filter({ hasText: productName });
  await card.getByRole('link', { name: 'Ava taotlus' }).click();
  await owner.getByRole('button', { name: 'Kinnitan', exact: true }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Kinnitan', exact: true }).click();
  await expect(owner.getByText('Makse ootel').first()).toBeVisible();

  // 5. The renter pays the contract from the balance and downloads its PDF.
  const summary = await renter.evaluate(
    async () =>
      (await (await fetch('/api/payment/unpaid-contracts')).json()) as { unpaidContracts: { id: number; price: { total: number } }[] },
  );
  const contract = summary.unpaidContracts[0];
  expect(contract).toBeTruthy();
  await renter.goto(`${origin}/auth/account?contracts=${contract.id}`);
  await renter.getByRole('button', { name: 'Maksa', exact: true }).click();
  await expect(renter.getByText('Maksmine õnnestus')).toBeVisible();
  await renter.goto(`${origin}/auth/contracts`);
  const row = renter.getByRole('listitem').filter({ hasText: productName }).first();
  await expect(row).toContainText('Rent aktiivne');
  const [download] = await Promise.all([renter.waitForEvent('download'), row.getByRole('link', { name: 'Laadi leping alla' }).click()]);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text.status, text.stderr).toBe(0);
  expect(text.stdout).toContain(productName);
  // The names as the identity check confirmed them (the certificate's may be in capitals).
  expect(text.stdout.toLowerCase()).toContain(`${OWNER.first} ${OWNER.last}`.toLowerCase());
  expect(text.stdout.toLowerCase()).toContain(`${RENTER.first} ${RENTER.last}`.toLowerCase());
  expect(text.stdout).toContain(contract.price.total.toFixed(2).replace('.', ','));
});
