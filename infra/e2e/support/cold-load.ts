import zlib from 'node:zlib';
import { expect, type Browser, type Page } from '@playwright/test';

/** One layout shift as the browser reported it, with the nodes that moved (for the failure message). */
export interface Shift {
  value: number;
  at: number;
  sources: string[];
}

export interface ColdLoad {
  /** Layout shifts without recent input, in order, from navigation until the settle point. */
  shifts: Shift[];
  /** Sum of every shift over the load (at least the CLS session window, so the stricter figure). */
  cls: number;
  /** Script responses: URL and body size, raw and brotli quality 11 (what a precompressed release serves). */
  scripts: { url: string; raw: number; brotli: number }[];
  jsBrotli: number;
  jsRaw: number;
  /** Script requests only: the document, API calls and images vary with data, the code does not. */
  jsRequests: number;
  /** Every request the page made until the settle point (figures for the report, not budgeted). */
  requests: number;
}

// Installed before any page script: buffered entries cover shifts from before the observer too.
function observeShifts() {
  const w = window as unknown as { __shifts: { value: number; at: number; sources: string[] }[] };
  w.__shifts = [];
  const describe = (n: Node | null) => {
    if (!n || !(n instanceof Element)) return n ? n.nodeName : '?';
    const testId = n.getAttribute('data-testid');
    return `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${testId ? `[data-testid=${testId}]` : ''}${typeof n.className === 'string' && n.className ? `.${n.className.split(' ').slice(0, 2).join('.')}` : ''}`;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as {
      value: number;
      hadRecentInput: boolean;
      startTime: number;
      sources?: { node: Node | null }[];
    }[]) {
      if (e.hadRecentInput) continue;
      w.__shifts.push({ value: e.value, at: Math.round(e.startTime), sources: (e.sources ?? []).map((s) => describe(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * A cold load in a fresh context (empty cache, cookie answer given so the dialog stays away):
 * waits until `ready` is visible, then one more second for late shifts, and reports layout
 * shifts and the JS the load fetched.
 */
export async function coldLoad(browser: Browser, baseURL: string, path: string, ready: (page: Page) => Promise<void>): Promise<ColdLoad> {
  const context = await browser.newContext({ baseURL, locale: 'et-EE', viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(() => window.localStorage.setItem('rendime.cookiesAccepted', 'true'));
    await context.addInitScript(observeShifts);
    const page = await context.newPage();
    if (process.env.PERF_THROTTLE) {
      // The issue's measurement conditions, for a manual check (the journeys run unthrottled on CI).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
    }
    let requests = 0;
    let inFlight = 0;
    let lastActivity = Date.now();
    page.on('request', () => {
      requests++;
      inFlight++;
      lastActivity = Date.now();
    });
    const settle = () => {
      inFlight--;
      lastActivity = Date.now();
    };
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    const pending: Promise<void>[] = [];
    const scripts: ColdLoad['scripts'] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push(
        res.body().then(
          (body) =>
            void scripts.push({
              url: res.url(),
              raw: body.length,
              brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
            }),
          () => undefined,
        ),
      );
    });
    await page.goto(path);
    await ready(page);
    // Lazy chunks started by the render (the map, images) count as the load's: wait until the main
    // thread has been idle once (the render has asked for them) and then no request has been in
    // flight for 500 ms. (The browser's own 'networkidle' may have passed before the render asked.)
    await page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => done(), { timeout: 5_000 })));
    await expect.poll(() => inFlight <= 0 && Date.now() - lastActivity >= 500, { timeout: 30_000, intervals: [100] }).toBe(true);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    const settledRequests = requests;
    await Promise.all(pending);
    scripts.sort((a, b) => a.url.localeCompare(b.url));
    return {
      shifts,
      cls: shifts.reduce((s, x) => s + x.value, 0),
      scripts,
      jsBrotli: scripts.reduce((s, x) => s + x.brotli, 0),
      jsRaw: scripts.reduce((s, x) => s + x.raw, 0),
      jsRequests: scripts.length,
      requests: settledRequests,
    };
  } finally {
    await context.close();
  }
}

/** The three budgeted routes and what 'rendered' means on each. */
export const PERF_ROUTES: { key: 'front' | 'search' | 'product'; path: string; ready: (page: Page) => Promise<void> }[] = [
  { key: 'front', path: '/public', ready: (p) => p.getByTestId('hero').waitFor() },
  { key: 'search', path: '/public/search-products', ready: (p) => p.getByTestId('result-card').first().waitFor() },
  { key: 'product', path: '/public/detail-view/186', ready: (p) => p.getByTestId('product-name').waitFor() },
];
