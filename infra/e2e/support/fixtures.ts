import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { startOwnPlatform } from './own-platform';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { baseUrl } = require('./e2e-env.cjs') as { baseUrl: string };
export { baseUrl, expect };

/** The Playwright project whose journeys run on a platform of their own (playwright.config.ts). */
export const SECOND_PLATFORM_LANE = 'second-platform';

const acceptCookies = () => window.localStorage.setItem('rendime.cookiesAccepted', 'true');
/** The answer as the shell keeps it for its server too: no notice in the HTML of a snapshot page. */
const consentCookie = (origin: string) => ({ name: 'rendime_consent', value: '1', domain: new URL(origin).hostname, path: '/' });

interface WorkerFixtures {
  /**
   * The origin this worker's journeys use as `baseURL`: the shared e2e platform, or, in the
   * `second-platform` lane (playwright.config.ts, ADR 0037), a platform of the worker's own,
   * started once for all its journeys. A journey that works on relative addresses (or on this
   * origin) runs in either lane.
   */
  laneOrigin: string;
}

interface Fixtures {
  /** Whether the cookie dialog was already answered in this browser (true for most journeys). */
  cookiesAccepted: boolean;
  /** Opens another browser (own context, own cookies), closed with the test even when it fails. */
  openPage: () => Promise<Page>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  laneOrigin: [
    async ({}, use, workerInfo) => {
      if (workerInfo.project.name !== SECOND_PLATFORM_LANE) {
        await use(baseUrl);
        return;
      }
      const own = await startOwnPlatform({ prefix: `lane${workerInfo.workerIndex}`, replicas: 1, apiEnv: { TEST_CLOCK: 'true' } });
      try {
        await use(own.shellOrigin);
      } finally {
        await own.stop();
      }
    },
    // Starting it (a database with the demo data, the API, a shell) takes a while on a busy machine.
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ laneOrigin }, use) => {
    await use(laneOrigin);
  },

  cookiesAccepted: [true, { option: true }],

  context: async ({ context, cookiesAccepted, baseURL }, use) => {
    if (cookiesAccepted) {
      await context.addInitScript(acceptCookies);
      await context.addCookies([consentCookie(baseURL ?? baseUrl)]);
    }
    await use(context);
  },

  page: async ({ page }, use, testInfo) => {
    page.on('pageerror', (err) => console.warn('[pageerror]', err.message));
    await use(page);
    // CI keeps only the summary: a failed journey says there what the page showed (the reporter
    // prints this attachment under the failure), so a failure seen once can be told apart.
    if (testInfo.status !== testInfo.expectedStatus) {
      const state = await describePage(page).catch((error: unknown) => `page state unavailable: ${String(error)}`);
      await testInfo.attach('page-state', { body: state, contentType: 'text/plain' });
    }
  },

  openPage: async ({ browser, baseURL, locale, viewport }, use) => {
    const opened: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ baseURL, locale, viewport });
      opened.push(context);
      await context.addInitScript(acceptCookies);
      await context.addCookies([consentCookie(baseURL ?? baseUrl)]);
      const page = await context.newPage();
      page.on('pageerror', (err) => console.warn('[pageerror]', err.message));
      return page;
    });
    await Promise.all(opened.map((c) => c.close()));
  },
});

/** One line on what a page shows: its URL, the slices mounted, the shell's status views and the text in view. */
async function describePage(page: Page): Promise<string> {
  const evaluate = page.evaluate(() => {
    const text = (el: Element | null) => (el as HTMLElement | null)?.innerText?.replace(/\s+/g, ' ').trim().slice(0, 160) ?? '';
    const outlet = document.getElementById('rendime-outlet');
    const slices = [...document.querySelectorAll<HTMLElement>('[data-remote][data-version]')].map((el) => el.dataset.remote);
    const statuses = [...document.querySelectorAll<HTMLElement>('[data-status-for]')].map((el) => `${el.dataset.statusFor}: ${text(el)}`);
    return [
      `url ${location.pathname}${location.search}`,
      `outlet ${outlet ? (outlet.offsetParent || outlet.getClientRects().length ? 'shown' : 'hidden') : 'absent'}`,
      `slices [${slices.join(', ')}]`,
      `statuses [${statuses.join('; ')}]`,
      `busy ${document.querySelectorAll('[aria-busy="true"]').length}`,
      `text "${text(document.body)}"`,
    ].join(' | ');
  });
  return Promise.race([evaluate, new Promise<string>((resolve) => setTimeout(() => resolve('page state: no answer in 5 s'), 5_000))]);
}

/** Stops or starts one remote's server through the e2e platform's control endpoint. */
export async function control(remote: string, action: 'stop' | 'start'): Promise<void> {
  const res = await fetch(`${baseUrl}/__platform/remotes/${remote}/${action}`, { method: 'POST' });
  if (!res.ok) throw new Error(`control ${remote} ${action}: ${res.status}`);
}

/** Signs in through the sign-in page (exact about the button: the page also offers Google). */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/public/login');
  await page.getByLabel('E-post').fill(username);
  await page.getByLabel('Parool').fill(password);
  await page.getByRole('button', { name: 'Logi sisse', exact: true }).click();
}

/** Registers a private user through the API from the page's origin, as the sign-up page would. */
export async function registerUser(page: Page, email: string, password: string): Promise<void> {
  const status = await page.evaluate(
    async ([username, pw]) =>
      (
        await fetch('/api/users/register', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'rendime' },
          body: JSON.stringify({
            username,
            password: pw,
            type: 'B2C',
            countryCode: 'EE',
            contactInfos: [{ type: 'EMAIL', value: username, prime: false }],
          }),
        })
      ).status,
    [email, password] as const,
  );
  expect(status).toBe(200);
}

export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.ee`;
