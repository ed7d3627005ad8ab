import type { Page, Response } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signInThroughApi, startOwnPlatform, type OwnPlatform } from './support/own-platform';

// Issue 14, acceptance 7: two API instances on one PostgreSQL behind one shell. A session made on
// one works on the other, and a Smart-ID verification started on one is polled on the other.
// This journey starts its own PostgreSQL database, its two APIs (the built artefact, as in
// production) and its own shell server in front of both, on free ports (support/own-platform).

const DELAY_MS = 1500;

let platform: OwnPlatform;
let shellOrigin: string;
let apis: { id: string; base: string }[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  platform = await startOwnPlatform({ prefix: 'replicas', apiEnv: { IDENTITY_SANDBOX_DELAY_MS: String(DELAY_MS) } });
  shellOrigin = platform.shellOrigin;
  apis = platform.apis;
});

test.afterAll(async () => {
  await platform?.stop();
});

/** Which replica answered each /api call the page made, with the status. */
function watchApi(page: Page): { id: string; url: string; status: number }[] {
  const seen: { id: string; url: string; status: number }[] = [];
  page.on('response', (res: Response) => {
    if (!res.url().startsWith(`${shellOrigin}/api/`)) return;
    const id = res.headers()['x-api-instance'];
    if (id) seen.push({ id, url: res.url(), status: res.status() });
  });
  return seen;
}

test('a session made on one API replica is signed in on the other, in the browser', async ({ page }) => {
  const seen = watchApi(page);
  await page.goto(`${shellOrigin}/public`);
  const login = await page.evaluate(async () => {
    const res = await fetch('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'rentija@rendime.ee', password: 'Rentija123' }),
    });
    return { status: res.status, instance: res.headers.get('x-api-instance') };
  });
  expect(login.status).toBe(200);
  expect(['api-1', 'api-2']).toContain(login.instance);
  const other = login.instance === 'api-1' ? 'api-2' : 'api-1';

  // Asked until the other replica has answered: it knows the session too.
  const answers: { instance: string | null; email: string | null }[] = [];
  for (let i = 0; i < 4; i++) {
    answers.push(
      await page.evaluate(async () => {
        const res = await fetch('/api/users/session');
        const body = (await res.json()) as { username?: string } | null;
        return { instance: res.headers.get('x-api-instance'), email: body?.username ?? null };
      }),
    );
  }
  expect(answers.filter((a) => a.instance === other).length).toBeGreaterThan(0);
  for (const a of answers) expect(a.email).toBe('rentija@rendime.ee');

  // A signed-in page: its API calls are spread over both replicas and every one is signed in.
  seen.length = 0;
  await page.goto(`${shellOrigin}/auth/user-profile`);
  await expect(page.getByTestId('profile-name')).toHaveText('Mari Maasikas');
  await page.goto(`${shellOrigin}/auth/account`);
  await expect(page).toHaveURL(`${shellOrigin}/auth/account`);
  await expect(page.getByTestId('account-balance')).toBeVisible();
  await expect.poll(() => new Set(seen.map((s) => s.id)).size).toBe(2);
  expect(seen.filter((s) => s.status === 401 || s.status === 403)).toEqual([]);
});

test('a cookie from replica 1 is a session on replica 2, and a Smart-ID start on one polls on the other', async ({ request }) => {
  const [one, two] = apis;
  const login = await request.post(`${one.base}/login`, { data: { username: 'omanik@rendime.ee', password: 'Omanik123' } });
  expect(login.status()).toBe(200);
  expect(login.headers()['x-api-instance']).toBe('api-1');
  const session = await request.get(`${two.base}/users/session`);
  expect(session.headers()['x-api-instance']).toBe('api-2');
  expect(((await session.json()) as { username: string }).username).toBe('omanik@rendime.ee');

  // Anonymous (business sign-up) verification: the token alone names it.
  await request.post(`${one.base}/users/logout`);
  const started = await request.post(`${one.base}/auth/smartid/start`, { data: { personalCode: '40504040001' } });
  expect(started.status()).toBe(200);
  const { status, token, controlCode } = (await started.json()) as { status: string; token: string; controlCode: string };
  expect({ status, controlCode }).toEqual({ status: 'waiting', controlCode: expect.stringMatching(/^\d{4}$/) });
  await expect
    .poll(
      async () => {
        const res = await request.get(`${two.base}/auth/smartid/poll?token=${encodeURIComponent(token)}`);
        expect(res.headers()['x-api-instance']).toBe('api-2');
        return ((await res.json()) as { status: string }).status;
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe('ok');
});

test('a sendBeacon report from the page reaches the admin page, and a non-admin is refused there', async ({ page, openPage }) => {
  await page.goto(`${shellOrigin}/public`);
  // What the shell does on a failed load: a text/plain beacon (no custom header can be set).
  const queued = await page.evaluate(() =>
    navigator.sendBeacon(
      '/api/platform/remote-reports',
      JSON.stringify({
        remote: 'mf-booking',
        version: '9.9.9',
        outcome: 'mount',
        servedVersion: null,
        durationMs: 1234,
        message: '<b>boom</b>',
        path: '/auth/contracts',
        release: 'e2e',
      }),
    ),
  );
  expect(queued).toBe(true);

  const signInAs = (p: Page, username: string, password: string) => signInThroughApi(p, shellOrigin, username, password);

  await signInAs(page, 'admin@rendime.ee', 'Admin1234');
  await page.goto(`${shellOrigin}/auth/admin`);
  await page.getByRole('link', { name: 'Kaugmoodulite seisund' }).click();
  await expect(page).toHaveURL(`${shellOrigin}/auth/admin/remote-health`);
  await expect(page.getByRole('heading', { name: 'Kaugmoodulite seisund' })).toBeVisible();
  const row = page.getByTestId('remote-health-reports').getByRole('row').filter({ hasText: '9.9.9' });
  await expect(row).toContainText('käivitamine ebaõnnestus');
  await expect(row).toContainText('1234 ms');
  // The browser's text stays text.
  await expect(row).toContainText('<b>boom</b>');
  await expect(page.getByTestId('remote-health-summary').getByRole('row').filter({ hasText: '9.9.9' })).toContainText('mf-booking');

  const renter = await openPage();
  await signInAs(renter, 'rentija@rendime.ee', 'Rentija123');
  await renter.goto(`${shellOrigin}/auth/admin/remote-health`);
  await expect(renter.getByTestId('remote-health-denied')).toBeVisible();
  await expect(renter.getByTestId('remote-health-reports')).toHaveCount(0);
});
