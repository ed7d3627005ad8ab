import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { baseUrl } = require('./e2e-env.cjs') as { baseUrl: string };
export { baseUrl };

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags that keep Debian's chromium quiet on a machine with no outside network. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

export async function newPage(browser: Browser, opts: { acceptCookies?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'et-EE', viewport: { width: 1280, height: 900 } });
  if (opts.acceptCookies) {
    await context.addInitScript(() => window.localStorage.setItem('rendime.cookiesAccepted', 'true'));
  }
  const page = await context.newPage();
  page.on('pageerror', (err) => console.warn('[pageerror]', err.message));
  return { context, page };
}

export async function control(remote: string, action: 'stop' | 'start'): Promise<void> {
  const res = await fetch(`${baseUrl}/__platform/remotes/${remote}/${action}`, { method: 'POST' });
  if (!res.ok) throw new Error(`control ${remote} ${action}: ${res.status}`);
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/public/login');
  await page.getByLabel('E-post').fill(username);
  await page.getByLabel('Parool').fill(password);
  await page.getByRole('button', { name: 'Logi sisse' }).click();
}
