import type { Browser, BrowserContext } from '@playwright/test';

/**
 * A fresh context the size of a phone, with touch: on a phone the pages leave out the map and put
 * the booking panel below the product, so they load less than on a desktop (issue 28). The cookie
 * dialog is answered so it stays away. The caller closes the context.
 */
export async function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return answered(
    await browser.newContext({ baseURL, locale: 'et-EE', viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true }),
  );
}

/** The same at the budget journey's desktop size, where the map and the booking panel are in view. */
export async function desktopContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return answered(await browser.newContext({ baseURL, locale: 'et-EE', viewport: { width: 1280, height: 900 } }));
}

async function answered(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(() => window.localStorage.setItem('rendime.cookiesAccepted', 'true'));
  return context;
}
