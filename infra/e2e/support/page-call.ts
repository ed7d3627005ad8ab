import type { Page } from '@playwright/test';

/**
 * An API call from a signed-in page: its session cookie and the CSRF header the site sends, as the
 * page's own code would make it (for a journey's set-up and checks, not for what it tests in the UI).
 */
export function pageCall<T = Record<string, unknown>>(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u, {
        method: m,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'rendime' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    [method, url, body] as const,
  ) as Promise<{ status: number; body: T }>;
}
