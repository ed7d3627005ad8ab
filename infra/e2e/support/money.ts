import { expect, type Page } from '@playwright/test';

/** '1 234,50 €' → 123450 */
export function centsOf(text: string): number {
  const cleaned = text.replace(/[^\d,-]/g, '');
  const [whole, fraction = '0'] = cleaned.split(',');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** Moves the API's clock (TEST_CLOCK, e2e only) by `advanceMs`. */
export async function shiftServerClock(page: Page, advanceMs: number): Promise<void> {
  const res = await page.request.post('/api/sandbox/clock', { data: { advanceMs } });
  expect(res.ok()).toBe(true);
}

/** An API call from the page's origin with its session, as the slices make it; answers the status and the JSON body. */
export function call<T = Record<string, unknown>>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u, {
        method: m,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'rendime' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: (await res.json()) as T };
    },
    [method, url, body] as const,
  );
}
