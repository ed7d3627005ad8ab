import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startFakeAriregister } from 'infra-api/test-fakes/ariregister-fake';
import { identityEnv, makeCa, makePersonCert } from 'infra-api/test-fakes/identity-pki';
import { startMobileIdFake } from 'infra-api/test-fakes/mobile-id-fake';
import { startSmartIdFake } from 'infra-api/test-fakes/smart-id-fake';
import { startFakeBankLinkProvider } from './support/fake-bank-link-provider';
import { expect, test } from './support/fixtures';
import { apiDir, freePort, startOwnPlatform, type OwnPlatform } from './support/own-platform';
import { startTlsFront, type TlsFront } from './support/tls-front';

// Issue 30, acceptance 1: the platform as it runs for real users. The built API with
// NODE_ENV=production on PostgreSQL, a real cookie secret, Secure cookies behind a TLS front for a
// public host name, and no sandbox anywhere: every outside service is a real client pointed at a
// local fake of the provider's published protocol. The journey then does what real people do:
// register, verify with Smart-ID, get the welcome mail by SMTP, register a business that the
// register confirms. Listing, booking and paying by bank link here wait for the bank-link client
// to speak the provider's own order and notification shapes (issue 30 note; ADR 0034).

const HOST = 'rendime.test';
const SID_UUID = '00000000-0000-4000-8000-000000000000';
const MID_UUID = '00000000-0000-4000-8000-000000000001';
const PERSON = { code: '50001029996', givenName: 'KAAREL', surname: 'KASK' };
const REPRESENTATIVE = { code: '38501140035', givenName: 'MARI', surname: 'MAASIKAS' };
const COMPANY = { registryCode: '12345678', name: 'Tootmisprofiil OÜ' };

interface Mail {
  to: string[];
  raw: string;
}

let platform: OwnPlatform;
let front: TlsFront;
let origin: string;
const mails: Mail[] = [];
const closers: (() => Promise<void>)[] = [];

test.use({
  ignoreHTTPSErrors: true,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    // The public host name resolves to the TLS front on this machine only.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  },
});

/** The test's SMTP server: every mail the API sends lands here (smtp-server is the API's test dependency). */
async function startSmtpSink(): Promise<number> {
  const { SMTPServer } = createRequire(path.join(apiDir, 'package.json'))('smtp-server') as {
    SMTPServer: new (options: Record<string, unknown>) => { listen(port: number, host: string, cb: () => void): void; close(cb: () => void): void; server: { address(): { port: number } } };
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
  for (const person of [PERSON, REPRESENTATIVE]) {
    sid.accounts.set(person.code, { endResult: 'OK', cert: await makePersonCert(anchor, { personalCode: person.code, givenName: person.givenName, surname: person.surname, now }) });
  }
  const register = await startFakeAriregister({
    [COMPANY.registryCode]: { name: COMPANY.name, representatives: [{ code: REPRESENTATIVE.code, firstName: 'Mari', lastName: 'Maasikas', role: 'JUHL' }] },
  });
  closers.push(register.close);
  const smtpPort = await startSmtpSink();
  const frontPort = await freePort();
  origin = `https://${HOST}:${frontPort}`;
  const merchant = { accessKey: 'production-profile-merchant', secret: crypto.randomBytes(32).toString('hex') };
  // Where the provider's notifications reach the API on this machine: known once it has started.
  const merchantApi = { publicBase: `${origin}/api`, internalBase: '' };
  const bank = await startFakeBankLinkProvider({ ...merchant, merchantApi });
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
      PAYMENT_PROVIDER_URL: bank.url,
      PAYMENT_PROVIDER_ACCESS_KEY: merchant.accessKey,
      PAYMENT_PROVIDER_SECRET: merchant.secret,
      ...identityEnv(anchor.pem, { smartId: sid.url, mobileId: mid.url }),
      ARIREGISTER_URL: register.url,
      ARIREGISTER_USERNAME: 'rendime',
      ARIREGISTER_PASSWORD: 'ari-secret',
      MAIL_FROM: 'Rendime <info@rendime.test>',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
    shellEnv: { RENDIME_PAYMENT_PROVIDER_ORIGINS: bank.origin },
  });
  merchantApi.internalBase = platform.apis[0].base;
  front = await startTlsFront({ host: HOST, port: frontPort, upstream: platform.shellOrigin });
});

test.afterAll(async () => {
  await front?.stop();
  await platform?.stop();
  for (const close of closers) await close();
});

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
  const routes = ['/api/sandbox/outbox', '/api/sandbox/clock', '/api/sandbox/bank-link/stores/payment-methods', '/api/sandbox/identity/sessions'];
  const statuses = await page.evaluate(async (list) => Promise.all(list.map(async (r) => (await fetch(r)).status)), routes);
  expect(statuses).toEqual(routes.map(() => 404));
});

test('a private person registers over https, verifies with Smart-ID (real client, trusted test CA) and gets the welcome mail by SMTP', async ({ page, context }) => {
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
  const roles = await page.evaluate(async () => ((await (await fetch('/api/users/session')).json()) as { roles: string[] }).roles);
  expect(roles).toEqual(['ROLE_USER']);

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
  const session = await page.evaluate(async () => (await (await fetch('/api/users/session')).json()) as Record<string, unknown>);
  expect(session).toMatchObject({ username: email, type: 'B2B', name: COMPANY.name });
});
