#!/usr/bin/env node
// Lighthouse-style figures for the front page, side by side with a plain static HTML page of the
// same hero, in one run: JS bytes, requests, bytes, FCP and LCP (PerformanceObserver
// 'largest-contentful-paint'). Each page is loaded cold, alternating, BENCH_RUNS times, once on
// loopback and once with Lighthouse's mobile throttling (4x CPU, 150 ms RTT, 1.6 Mbit/s down).
// A benchmark that prints figures, not a test. Uses the production builds (build first).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchPlatform } from './lib/bench-platform.mjs';


const bench = await startBenchPlatform({ name: 'rendime-bench-lcp', shellPort: 6050 });
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const runs = Number(process.env.BENCH_RUNS || 5);
const staticPort = Number(process.env.BENCH_STATIC_PORT || bench.shellPort + 10);

// The hero's texts come from the same catalogue the front page renders, so both pages say the same.
const catalogue = fs.readFileSync(path.join(repoRoot, 'shared-kernel/src/messages/et/public-site.ts'), 'utf8');
const text = (key) => {
  const m = new RegExp(`\\b${key}: '([^']*)'`).exec(catalogue);
  if (!m) throw new Error(`message ${key} not found`);
  return m[1];
};
const chips = ['trailers', 'vehicles', 'heavyMachinery', 'saunas', 'tools', 'textileWashers'].map((k) => text(k));
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const staticHtml = `<!doctype html>
<html lang="et"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rendime – staatiline võrdlusleht</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
header{height:64px;border-bottom:1px solid #e4e4e7;display:flex;align-items:center;padding:0 16px;font-weight:700;color:#39C689}
.hero{background:#39C689;color:#fff;padding:48px 16px}
h1{font-size:1.875rem;line-height:1.2;margin:0 0 16px;max-width:48rem}
p{font-size:1.125rem;margin:0 0 32px;max-width:42rem}
form{display:flex;gap:8px;background:#fff;padding:8px;border-radius:8px;max-width:42rem}
input{flex:1;border:0;font-size:1rem;padding:8px}
button{background:#39C689;color:#fff;border:0;border-radius:6px;padding:0 16px;font-size:1rem}
nav{display:flex;flex-wrap:wrap;gap:8px;margin-top:24px}nav a{background:#fff;color:#27272a;border-radius:999px;padding:8px 16px;text-decoration:none}
@media(min-width:768px){.hero{padding:96px 40px}h1{font-size:3rem}}
</style></head>
<body><header>Rendime</header>
<section class="hero"><h1>${esc(text('heroTitle'))}</h1><p>${esc(text('heroSubtitle'))}</p>
<form role="search" action="/public/search-products"><input name="search" aria-label="${esc(text('searchLabel'))}" placeholder="${esc(text('searchPlaceholder'))}"><button>${esc(text('searchButton'))}</button></form>
<nav>${chips.map((c) => `<a href="#">${esc(c)}</a>`).join('')}</nav></section>
</body></html>`;

const staticServer = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(staticHtml);
});
await new Promise((r) => staticServer.listen(staticPort, '127.0.0.1', () => r(undefined)));

const { cfg, browser, stop } = bench;

// Lighthouse's default mobile profile ("slow 4G" + 4x CPU slowdown).
const MOBILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpu: 4 };

async function coldLoad(url, { throttled, ready }) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await context.addInitScript(() => {
    window.localStorage.setItem('rendime.cookiesAccepted', 'true');
    // The benchmark's own fields on the page's window.
    const w = /** @type {any} */ (window);
    w.__lcp = null;
    new PerformanceObserver((list) => {
      const last = /** @type {any} */ (list.getEntries().at(-1));
      if (last) w.__lcp = { time: last.startTime, size: last.size, element: last.element ? `${last.element.tagName.toLowerCase()}${last.element.dataset?.testid ? `[${last.element.dataset.testid}]` : ''}` : null };
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: MOBILE.latency, downloadThroughput: MOBILE.downloadThroughput, uploadThroughput: MOBILE.uploadThroughput });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpu });
  }
  // Chunk names are numbers, so libraries are recognised by their code: OpenLayers' viewport
  // class and luxon's invalid-date text.
  let mapOrDateLib = false;
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.text().catch(() => '');
    if (/ol-viewport|Invalid DateTime/.test(body)) mapOrDateLib = true;
  });
  const byId = new Map();
  cdp.on('Network.responseReceived', (e) => byId.set(e.requestId, { url: e.response.url, type: e.type, encoded: 0 }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.encoded = e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120000 });
  await page.waitForSelector(ready, { timeout: 120000 });
  await page.waitForLoadState('networkidle', { timeout: 120000 }).catch(() => {});
  await page.waitForTimeout(500);
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    lcp: /** @type {any} */ (window).__lcp,
  }));
  const all = [...byId.values()];
  const scripts = all.filter((r) => r.type === 'Script');
  await context.close();
  return {
    requests: all.length,
    jsFiles: scripts.length,
    jsBytes: scripts.reduce((s, r) => s + r.encoded, 0),
    bytes: all.reduce((s, r) => s + r.encoded, 0),
    fcp: timing.fcp,
    lcp: timing.lcp?.time ?? null,
    lcpElement: timing.lcp?.element ?? null,
    mapOrDateLib,
  };
}

const pages = {
  'front page (/public)': { url: `${cfg.shellOrigin}/public`, ready: '[data-testid="hero"] h1' },
  'static hero HTML': { url: `http://127.0.0.1:${staticPort}/`, ready: 'h1' },
};
const results = {};
for (const throttled of [false, true]) {
  for (let i = 0; i < runs; i++) {
    // Alternate the two pages so drift on the machine hits both alike.
    for (const [name, p] of Object.entries(pages)) {
      const key = `${name}|${throttled}`;
      (results[key] ||= []).push(await coldLoad(p.url, { throttled, ready: p.ready }));
    }
  }
}
await stop();
staticServer.close();

const median = (xs) => {
  const v = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)] : NaN;
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : 'n/a');
/** @type {[string, (r: any[]) => string][]} */
const rows = [
  ['requests', (r) => String(median(r.map((x) => x.requests)))],
  ['JS files', (r) => String(median(r.map((x) => x.jsFiles)))],
  ['JS transferred', (r) => kb(median(r.map((x) => x.jsBytes)))],
  ['all transferred', (r) => kb(median(r.map((x) => x.bytes)))],
  ['FCP (median)', (r) => ms(median(r.map((x) => x.fcp)))],
  ['LCP (median)', (r) => ms(median(r.map((x) => x.lcp)))],
  ['LCP element', (r) => r.at(-1).lcpElement ?? 'n/a'],
  ['map/date library loaded', (r) => (r.some((x) => x.mapOrDateLib) ? 'YES' : 'no')],
];
const names = Object.keys(pages);
for (const throttled of [false, true]) {
  console.log(`\n${throttled ? 'Lighthouse mobile throttling (4x CPU, 150 ms RTT, 1.6 Mbit/s)' : 'Loopback, no throttling'}: ${runs} cold loads each, 412x915, cache disabled`);
  console.log(`  ${''.padEnd(26)}${names.map((n) => n.padEnd(24)).join('')}`);
  for (const [label, f] of rows) console.log(`  ${label.padEnd(26)}${names.map((n) => f(results[`${n}|${throttled}`]).padEnd(24)).join('')}`);
}
