#!/usr/bin/env node
// Issue 17, acceptance 5: the owner widget's bytes and its time to render on an owner's page, on
// the throttled profile of bench-lcp (Lighthouse's mobile: 4x CPU, 150 ms RTT, 1.6 Mbit/s down).
// The platform as the benchmarks run it (production builds, a registry of its own), a plain host
// page on another origin with the snippet, BENCH_RUNS cold loads (default 5). Prints figures, not
// a test; the byte budget is checked by infra/e2e/perf-budget.e2e.ts. See ADR 0025.
// Needs the production builds: `node infra/scripts/test-all.mjs build`.
import zlib from 'node:zlib';
import { startBenchPlatform, throttleToMobile } from './lib/bench-platform.mjs';
import { startHostSite } from './lib/widget-host-pages.mjs';

const runs = Number(process.env.BENCH_RUNS || 5);
const bench = await startBenchPlatform({ name: 'rendime-bench-widget', shellPort: Number(process.env.BENCH_SHELL_PORT || 6250) });
const platformOrigin = `http://localhost:${bench.shellPort}`;
const hostPort = Number(process.env.BENCH_HOST_PORT || bench.shellPort + 90);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const brotli = (buf) => zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The demo business owner's id, from their own session (signed in through the platform's page). */
async function businessOwnerId() {
  const context = await bench.browser.newContext({ baseURL: platformOrigin });
  await context.addInitScript(() => window.localStorage.setItem('rendime.cookiesAccepted', 'true'));
  const page = await context.newPage();
  await page.goto('/public/login');
  await page.getByLabel('E-post').fill('firma@rendime.ee');
  await page.getByLabel('Parool').fill('Firma1234');
  await page.getByRole('button', { name: 'Logi sisse', exact: true }).click();
  await page.waitForURL(/\/auth\//, { timeout: 60_000 });
  const id = await page.evaluate(async () => (await (await fetch('/api/users/session')).json()).id);
  await context.close();
  return Number(id);
}

async function coldRender(url) {
  const context = await bench.browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttleToMobile(cdp);
  await page.goto(url, { waitUntil: 'commit' });
  // Milliseconds from the navigation's start to the frame with the cards in it.
  const handle = await page.waitForFunction(
    () => {
      const frame = document.querySelector('[data-rendime-owner]')?.shadowRoot?.querySelector('.rw');
      return frame && frame.getAttribute('data-state') !== 'loading'
        ? { state: frame.getAttribute('data-state'), at: performance.now() }
        : null;
    },
    undefined,
    { polling: 'raf', timeout: 120_000 },
  );
  const done = /** @type {{ state: string | null, at: number }} */ (await handle.jsonValue());
  const resources = await page.evaluate(() =>
    /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')).map((e) => ({
      name: e.name,
      transfer: e.transferSize,
      start: e.startTime,
      end: e.responseEnd,
    })),
  );
  await context.close();
  return { ...done, resources };
}

try {
  const ownerId = Number(process.env.BENCH_OWNER_ID || (await businessOwnerId()));
  const host = await startHostSite({ port: hostPort, platformOrigin, ownerId });
  try {
    const loaderBody = Buffer.from(await (await fetch(`${platformOrigin}/widget/loader.js`)).arrayBuffer());
    const manifest = await (await fetch(`${platformOrigin}/release-manifest.json`)).json();
    const remote = manifest.remotes.find((r) => r.embeds?.['owner-widget']);
    if (!remote) throw new Error('no live remote declares the owner widget');
    const widgetUrl = new URL(remote.embeds['owner-widget'], remote.entry).toString();
    const widgetBody = Buffer.from(await (await fetch(widgetUrl)).arrayBuffer());
    console.log(
      `owner widget JS: loader ${loaderBody.length} B raw / ${brotli(loaderBody)} B brotli-11; widget ${widgetBody.length} B raw / ${brotli(widgetBody)} B brotli-11; together ${brotli(loaderBody) + brotli(widgetBody)} B brotli (budget 61440)`,
    );

    const times = [];
    for (let i = 0; i < runs; i++) {
      const r = await coldRender(`${host.origin}/plain.html`);
      if (r.state !== 'ready') throw new Error(`run ${i + 1}: the widget ended in state ${r.state}`);
      const js = r.resources.filter((x) => /\/widget\/loader\.js$|owner-widget\.js$/.test(x.name));
      const api = r.resources.find((x) => x.name.includes('/widget-products'));
      times.push(r.at);
      // The chain behind the figure: each step waits for the one before (loader → manifest → widget → API).
      const step = (re) => {
        const x = r.resources.find((e) => re.test(e.name));
        return x ? `${Math.round(x.start)}–${Math.round(x.end)}` : '-';
      };
      console.log(
        `run ${i + 1}: cards at ${Math.round(r.at)} ms; JS transferred ${js.reduce((s, x) => s + x.transfer, 0)} B (${js.length} files); ` +
          `loader ${step(/\/widget\/loader\.js$/)}, manifest ${step(/release-manifest\.json$/)}, widget ${step(/owner-widget\.js$/)}, API ${api ? `${Math.round(api.start)}–${Math.round(api.end)}` : '-'} ms`,
      );
    }
    console.log(
      `\ntime to render (navigation start → cards), ${runs} cold loads, 4x CPU, 150 ms RTT, 1.6 Mbit/s: median ${Math.round(median(times))} ms, min ${Math.round(Math.min(...times))} ms, max ${Math.round(Math.max(...times))} ms`,
    );
  } finally {
    await host.stop();
  }
} finally {
  await bench.stop();
}
