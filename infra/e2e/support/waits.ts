import type { Locator } from 'playwright-core';

// Small polling assertions: Playwright's `expect` lives in @playwright/test, which we do not use.

/** Re-reads until `ok` holds; fails with the last value seen, so a red test says what it saw. */
export async function poll<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, timeout = 15000): Promise<T> {
  const until = Date.now() + timeout;
  let last: T | undefined;
  while (Date.now() < until) {
    last = await read().catch(() => undefined as T);
    if (last !== undefined && ok(last)) return last;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
}

export const expectVisible = (l: Locator, timeout = 15000) => l.first().waitFor({ state: 'visible', timeout });

export const expectText = (l: Locator, text: string, timeout = 15000) =>
  poll(() => l.first().textContent(), (v) => (v ?? '').includes(text), `text "${text}"`, timeout);

export const expectAttr = (l: Locator, name: string, value: string, timeout = 30000) =>
  poll(() => l.first().getAttribute(name), (v) => v === value, `${name}="${value}"`, timeout);

export const expectDisabled = (l: Locator, disabled: boolean) => poll(() => l.isDisabled(), (v) => v === disabled, `disabled=${disabled}`);
