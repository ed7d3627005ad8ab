#!/usr/bin/env node
// Issue 16's measurement in one run: the front, search and product pages of the federated site,
// the same three pages of the monolith build (infra/monolith: one webpack build, no federation)
// and a plain static HTML page of the same hero, each loaded cold BENCH_RUNS times (default 3,
// alternating so drift hits all alike) with Lighthouse's mobile throttling (4x CPU through
// Emulation.setCPUThrottlingRate, 150 ms RTT and 1.6 Mbit/s down through
// Network.emulateNetworkConditions). Medians of LCP, CLS, TBT, JS bytes as transferred (brotli)
// and requests; then the ratios federated/monolith; then Lighthouse's mobile performance score of
// the three federated pages (BENCH_LIGHTHOUSE=0 skips it); then the time to first byte of a
// server-rendered product page (issue 28's target: p50 at most 50 ms cached, 150 ms uncached),
// unthrottled, from this machine (BENCH_TTFB_ONLY=1: only that, no browser loads, no monolith
// needed). Prints figures, not a test.
// Needs the production builds: `node infra/scripts/test-all.mjs build` and
// `pnpm --filter monolith build`. See docs/adr/0018-performance-measurement.md.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import httpProxy from '@fastify/http-proxy';
import compress from '@fastify/compress';
import { startBenchPlatform, throttleToMobile } from './lib/bench-platform.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const monolithDist = path.join(repoRoot, 'infra/monolith/dist');
const ttfbOnly = process.env.BENCH_TTFB_ONLY === '1';
if (!ttfbOnly && !fs.existsSync(path.join(monolithDist, 'index.html')))
  throw new Error('no monolith build: run `pnpm --filter monolith build` first');
// The map's tiles come from OpenStreetMap's servers: a third party's images (no JS), unreachable
// from a sandbox, where a hanging tile held the search page's load. Measured without them unless
// RENDIME_MAP_TILE_URL says otherwise.
process.env.RENDIME_MAP_TILE_URL ??= '';
// The hero's texts come from the same catalogue the front page renders (mf-public's own texts),
// so both pages say the same. Read before anything starts, so a moved catalogue leaves no servers behind.
const catalogue = fs.readFileSync(path.join(repoRoot, 'mf-public/src/messages/public-site.ts'), 'utf8');
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

const bench = await startBenchPlatform({ name: 'rendime-bench-lcp', shellPort: 6050 });
// The API is a child process: a crash of this script must not leave it listening.
process.once('exit', () => bench.platform.api.kill());
const runs = Number(process.env.BENCH_RUNS || 3);
const staticPort = Number(process.env.BENCH_STATIC_PORT || bench.shellPort + 10);
const monolithPort = staticPort + 10;
const productId = process.env.BENCH_PRODUCT_ID || '27';

const staticServer = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(staticHtml);
});
await new Promise((r) => staticServer.listen(staticPort, '127.0.0.1', () => r(undefined)));

const { cfg, browser } = bench;

// The monolith is served like the shell: brotli, the API behind /api, index.html for every page.
const monolith = Fastify({ logger: false });
await monolith.register(compress, { global: true, encodings: ['br', 'gzip'] });
await monolith.register(httpProxy, {
  upstream: `http://127.0.0.1:${process.env.RENDIME_API_PORT}`,
  prefix: '/api',
  rewritePrefix: '',
  http2: false,
});
// Without a monolith build (BENCH_TTFB_ONLY) it answers 404s: only the TTFB figures are taken.
if (!ttfbOnly)
  await monolith.register(fastifyStatic, { root: monolithDist, prefix: '/', index: false, wildcard: false, preCompressed: true });
monolith.setNotFoundHandler((req, reply) => {
  if (ttfbOnly || req.method !== 'GET' || path.extname(req.url.split('?')[0])) return reply.code(404).send('Not found');
  return reply
    .header('Cache-Control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(fs.readFileSync(path.join(monolithDist, 'index.html'), 'utf8'));
});
await monolith.listen({ port: monolithPort, host: '127.0.0.1' });
const monolithOrigin = `http://127.0.0.1:${monolithPort}`;

// Lighthouse's default mobile profile ("slow 4G" + 4x CPU slowdown).
const QUIET_MS = 2500;

async function coldLoad(url, ready) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  // A visitor who has answered the cookie notice (storage and the cookie the server reads); Lighthouse, below, is a first visitor.
  await context.addCookies([{ name: 'rendime_consent', value: '1', domain: new URL(url).hostname, path: '/' }]);
  // BENCH_LCP_TEXT=1: the LCP element's text and time too, to tell which of two alike elements it was.
  await context.addInitScript((withText) => {
    window.localStorage.setItem('rendime.cookiesAccepted', 'true');
    // The benchmark's own fields on the page's window: LCP as the last candidate, CLS as
    // Lighthouse/web-vitals count it (the largest session window: shifts less than 1 s apart,
    // at most 5 s long, none right after input), and the long tasks for TBT.
    const w = /** @type {any} */ (window);
    w.__lcp = null;
    w.__cls = 0;
    w.__longTasks = [];
    let session = 0;
    let first = 0;
    let last = 0;
    new PerformanceObserver((list) => {
      const e = /** @type {any} */ (list.getEntries().at(-1));
      if (e)
        w.__lcp = {
          time: e.startTime,
          element: e.element
            ? `${e.element.tagName.toLowerCase()}${e.element.dataset?.testid ? `[${e.element.dataset.testid}]` : ''}${
                withText ? ` "${String(e.element.textContent).slice(0, 40)}" at ${Math.round(e.startTime)}` : ''
              }`
            : null,
        };
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of /** @type {any[]} */ (list.getEntries())) {
        if (e.hadRecentInput) continue;
        if (session && e.startTime - last < 1000 && e.startTime - first < 5000) session += e.value;
        else {
          session = e.value;
          first = e.startTime;
        }
        last = e.startTime;
        w.__cls = Math.max(w.__cls, session);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  }, process.env.BENCH_LCP_TEXT === '1');
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttleToMobile(cdp);
  const byId = new Map();
  // Requests in flight and the time of the last network event: under 4x CPU a page often makes no
  // request for over a second between two chunks (so Playwright's networkidle comes too early and
  // the product page's booking widget, loaded after the product, is missed on some loads).
  const inFlight = new Set();
  let lastNetwork = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    inFlight.add(e.requestId);
    lastNetwork = Date.now();
  });
  cdp.on('Network.loadingFailed', (e) => {
    inFlight.delete(e.requestId);
    lastNetwork = Date.now();
  });
  cdp.on('Network.responseReceived', (e) => byId.set(e.requestId, { url: e.response.url, type: e.type, encoded: 0 }));
  cdp.on('Network.loadingFinished', (e) => {
    inFlight.delete(e.requestId);
    lastNetwork = Date.now();
    const r = byId.get(e.requestId);
    if (r) r.encoded = e.encodedDataLength;
  });
  // Only the page's own content counts as loaded; the load event is not waited for (one slow
  // image would hold it).
  // A failed load closes its context too: a page left open keeps animating its loader and takes
  // CPU from every load after it.
  try {
    return await measure(page, url, ready, inFlight, () => lastNetwork, byId);
  } finally {
    await context.close();
  }
}

async function measure(page, url, ready, inFlight, lastNetworkAt, byId) {
  await page.goto(url, { waitUntil: 'commit', timeout: 120000 });
  await page.waitForSelector(ready, { timeout: 120000 });
  // Settled: nothing in flight for QUIET_MS (at most 30 s more), so late chunks, images and
  // layout shifts after the data are counted on every load alike.
  const settleBy = Date.now() + 30000;
  while (Date.now() < settleBy && (inFlight.size > 0 || Date.now() - lastNetworkAt() < QUIET_MS)) await page.waitForTimeout(100);
  const timing = await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    // TBT: the part over 50 ms of every long task from first contentful paint until the page
    // settled (Lighthouse stops at TTI; the page is idle by then).
    const tbt = w.__longTasks.reduce(
      (s, t) => s + (t.start + t.duration > fcp ? Math.max(0, Math.min(t.duration, t.start + t.duration - fcp) - 50) : 0),
      0,
    );
    return { fcp, lcp: w.__lcp, cls: w.__cls, tbt };
  });
  const all = [...byId.values()];
  const scripts = all.filter((r) => r.type === 'Script');
  return {
    requests: all.length,
    jsBytes: scripts.reduce((s, r) => s + r.encoded, 0),
    fcp: timing.fcp,
    lcp: timing.lcp?.time ?? null,
    lcpElement: timing.lcp?.element ?? null,
    cls: timing.cls,
    tbt: timing.tbt,
  };
}

const ready = {
  front: '[data-testid="hero"] h1',
  search: '[data-testid="results-grid"], [data-testid="no-results"]',
  product: '[data-testid="product-name"]',
};
const paths = { front: '/public', search: '/public/search-products', product: `/public/detail-view/${productId}` };
/** @type {Record<string, { url: string, ready: string }>} */
const pages = {};
for (const k of /** @type {const} */ (['front', 'search', 'product'])) {
  pages[`${k}`] = { url: `${cfg.shellOrigin}${paths[k]}`, ready: ready[k] };
  pages[`${k} (monolith)`] = { url: `${monolithOrigin}${paths[k]}`, ready: ready[k] };
}
pages['static hero'] = { url: `http://127.0.0.1:${staticPort}/`, ready: 'h1' };
// BENCH_PAGES=front,search: only those pages (names as printed), for a quick before/after.
if (process.env.BENCH_PAGES) {
  const keep = new Set(process.env.BENCH_PAGES.split(',').map((n) => n.trim()));
  for (const name of Object.keys(pages)) if (!keep.has(name)) delete pages[name];
}

const started = Date.now();
if (!ttfbOnly) {
  /** @type {Record<string, any[]>} */
  const results = {};
  let failedLoads = 0;
  for (let i = 0; i < runs; i++) {
    for (const [name, p] of Object.entries(pages)) {
      // A failed load (a timeout on the shared machine) is reported and left out of the medians.
      const r = await coldLoad(p.url, p.ready).catch((e) => {
        failedLoads++;
        console.error(`load ${i + 1} of ${name} failed: ${e instanceof Error ? e.message.split('\n')[0] : e}`);
        return null;
      });
      (results[name] ||= []).push(...(r ? [r] : []));
    }
  }
  const loadSecs = (Date.now() - started) / 1000;

  const median = (xs) => {
    const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
    return v.length ? v[Math.floor(v.length / 2)] : NaN;
  };
  const m = (name, field) => median(results[name].map((x) => x[field]));
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const ms = (n) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : 'n/a');
  /** @type {[string, (name: string) => string][]} */
  const rows = [
    ['LCP', (n) => ms(m(n, 'lcp'))],
    ['CLS', (n) => m(n, 'cls').toFixed(3)],
    ['TBT', (n) => ms(m(n, 'tbt'))],
    ['JS (transferred, brotli)', (n) => kb(m(n, 'jsBytes'))],
    ['requests', (n) => String(m(n, 'requests'))],
    ['FCP', (n) => ms(m(n, 'fcp'))],
    ['LCP element', (n) => results[n].at(-1)?.lcpElement ?? 'n/a'],
  ];
  const names = Object.keys(pages);
  console.log(
    `\nMobile throttling (4x CPU, 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up), 412x915, cache disabled: medians of ${runs} cold loads each (${loadSecs.toFixed(0)} s)`,
  );
  console.log(`  ${''.padEnd(26)}${names.map((n) => n.padEnd(20)).join('')}`);
  for (const [label, f] of rows) console.log(`  ${label.padEnd(26)}${names.map((n) => f(n).padEnd(20)).join('')}`);
  console.log(`  product page: /public/detail-view/${productId}${failedLoads ? `; ${failedLoads} failed loads left out` : ''}`);

  console.log('\nFederated / monolith (issue 16 target: at most 1.10)');
  for (const k of ['front', 'search', 'product']) {
    if (!results[k] || !results[`${k} (monolith)`]) continue;
    const jsRatio = m(k, 'jsBytes') / m(`${k} (monolith)`, 'jsBytes');
    const lcpRatio = m(k, 'lcp') / m(`${k} (monolith)`, 'lcp');
    console.log(
      `  ${k.padEnd(10)} JS bytes ${jsRatio.toFixed(2)}   LCP ${lcpRatio.toFixed(2)}   requests ${m(k, 'requests')} / ${m(`${k} (monolith)`, 'requests')}`,
    );
  }
}

/**
 * Time to first byte of the product page as a crawler or a first visitor asks for it: anonymous,
 * brotli, no throttling, one request at a time. `ttfb` is when the response's first bytes came
 * (status and headers; with streaming, the document's head with them), `complete` when the last did.
 * @param {string} url
 */
function timeRequest(url) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      const ttfb = performance.now() - t0;
      res.on('data', () => {});
      res.on('end', () => resolve({ ttfb, complete: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
const fmtMs = (n) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : 'n/a');
const pct = (xs, p) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length ? v[Math.min(v.length - 1, Math.floor((v.length * p) / 100))] : NaN;
};
if (process.env.BENCH_TTFB !== '0') {
  const n = Number(process.env.BENCH_TTFB_REQUESTS || 30);
  const url = `${cfg.shellOrigin}${paths.product}`;
  // Until the slice's server container has loaded and rendered its sample (warm()), pages are client-rendered.
  for (let i = 0; i < 60; i++) {
    const html = await fetch(`${url}?warm=${i}`).then((r) => r.text());
    if (html.includes('data-server-rendered')) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const uncached = [];
  const cached = [];
  let clientRendered = 0;
  for (let i = 0; i < n; i++) {
    // A query string the page ignores makes another URL: the HTML cache misses, the render and its API calls run.
    uncached.push(await timeRequest(`${url}?ttfb=${Date.now()}-${i}`));
    const html = await fetch(`${url}?check=${Date.now()}-${i}`).then((r) => r.text());
    if (!html.includes('data-server-rendered')) clientRendered++;
  }
  await timeRequest(url);
  for (let i = 0; i < n; i++) cached.push(await timeRequest(url));
  const row = (label, xs) =>
    console.log(
      `  ${label.padEnd(10)} TTFB p50 ${fmtMs(
        pct(
          xs.map((x) => x.ttfb),
          50,
        ),
      ).padEnd(8)} p90 ${fmtMs(
        pct(
          xs.map((x) => x.ttfb),
          90,
        ),
      ).padEnd(8)} complete p50 ${fmtMs(
        pct(
          xs.map((x) => x.complete),
          50,
        ),
      )}`,
    );
  console.log(
    `\nTime to first byte, server-rendered ${paths.product} (issue 28 target: p50 at most 50 ms cached, 150 ms uncached), ${n} requests each, unthrottled, streaming ${process.env.RENDIME_SERVER_RENDER_STREAM === '0' ? 'off' : 'on'}`,
  );
  row('uncached', uncached);
  row('cached', cached);
  if (clientRendered)
    console.log(
      `  ${clientRendered} of ${n} check loads came client-rendered (budget or pause): the machine is too busy for these figures`,
    );
}

await monolith.close();
staticServer.close();
// Lighthouse gets a chromium of its own (chrome-launcher); the platform stays up for it.
await browser.close();

if (!ttfbOnly && process.env.BENCH_LIGHTHOUSE !== '0') {
  // Lighthouse's own mobile preset (its default: simulated slow 4G, 4x CPU, Moto G Power screen).
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const launchChrome = () =>
    chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
  // One Lighthouse run's score moved by 10 points between runs on one build (its simulated TBT is
  // the tasks of one trace times four): BENCH_LIGHTHOUSE_RUNS runs a page (default 3, interleaved so
  // drift hits all pages alike), and the run with the median score is the one shown.
  const lhRuns = Math.max(1, Number.parseInt(process.env.BENCH_LIGHTHOUSE_RUNS ?? '', 10) || 3);
  console.log(
    `\nLighthouse mobile performance score (lighthouse npm, /usr/bin/chromium, median of ${lhRuns} run(s), all runs' scores in brackets, issue 16 target: at least 90)`,
  );
  {
    const pages = ['front', 'search', 'product'];
    /** @type {Record<string, any[]>} */
    const runsOf = Object.fromEntries(pages.map((k) => [k, []]));
    for (let i = 0; i < lhRuns; i++) {
      for (const k of pages) {
        // A chromium per run: a second run in the same one failed with NO_NAVSTART.
        const chrome = await launchChrome();
        try {
          const r = await lighthouse(`${cfg.shellOrigin}${paths[k]}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
          });
          runsOf[k].push(r?.lhr);
        } catch (error) {
          // One failed run is shown as n/a; the others still count.
          console.log(`  ${k}: Lighthouse run ${i + 1} failed: ${error instanceof Error ? error.message : String(error)}`);
          runsOf[k].push(undefined);
        } finally {
          chrome.kill();
        }
      }
    }
    for (const k of pages) {
      const scoreOf = (l) => l?.categories?.performance?.score ?? -1;
      // The median of the runs that scored (a failed run is shown, not counted).
      const scored = runsOf[k].filter((l) => scoreOf(l) >= 0).sort((x, y) => scoreOf(x) - scoreOf(y));
      const lhr = scored.length > 0 ? scored[Math.floor((scored.length - 1) / 2)] : runsOf[k][0];
      const a = (id) => lhr?.audits?.[id]?.displayValue ?? 'n/a';
      const score = lhr?.categories?.performance?.score;
      const all = runsOf[k].map((l) => (scoreOf(l) < 0 ? 'n/a' : Math.round(scoreOf(l) * 100))).join(', ');
      console.log(
        `  ${k.padEnd(10)} ${score == null ? 'n/a' : Math.round(score * 100)} [${all}]   (LCP ${a('largest-contentful-paint')}, TBT ${a('total-blocking-time')}, CLS ${a('cumulative-layout-shift')}, FCP ${a('first-contentful-paint')}, SI ${a('speed-index')})`,
      );
      // BENCH_LIGHTHOUSE_DETAIL=1: what the simulated figures rest on (the observed load, the LCP
      // element, the long tasks), for finding why a figure is what it is.
      if (process.env.BENCH_LIGHTHOUSE_DETAIL === '1' && lhr) {
        const obs = /** @type {any} */ (lhr.audits.metrics?.details)?.items?.[0] ?? {};
        console.log(
          `    observed: FCP ${fmtMs(obs.observedFirstContentfulPaint)}, LCP ${fmtMs(obs.observedLargestContentfulPaint)}, load ${fmtMs(obs.observedLoad)}; simulated TTI ${fmtMs(obs.interactive)}`,
        );
        const lcpItems = /** @type {any} */ (lhr.audits['largest-contentful-paint-element']?.details)?.items ?? [];
        for (const table of lcpItems) {
          for (const item of table.items ?? []) {
            if (item.node) console.log(`    LCP element: ${item.node.selector} ${String(item.node.snippet).slice(0, 120)}`);
            else if (item.phase) console.log(`    LCP phase ${item.phase}: ${fmtMs(item.timing)}`);
          }
        }
        const tasks = /** @type {any} */ (lhr.audits['long-tasks']?.details)?.items ?? [];
        console.log(
          `    long tasks (simulated): ${tasks.map((t) => `${String(t.url).split('/').pop()} ${Math.round(t.startTime)}+${Math.round(t.duration)}`).join(', ')}`,
        );
        const work = /** @type {any} */ (lhr.audits['mainthread-work-breakdown']?.details)?.items ?? [];
        console.log(`    main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)}`).join(', ')}`);
      }
      // A page without a score (issue 28's search page): say why, or the figure cannot be fixed.
      if (score == null) {
        if (lhr?.runtimeError) console.log(`    runtime error: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        else {
          for (const [id, audit] of Object.entries(lhr?.audits ?? {})) {
            if (audit.scoreDisplayMode === 'error') console.log(`    ${id}: ${audit.errorMessage}`);
          }
        }
        for (const w of lhr?.runWarnings ?? []) console.log(`    warning: ${w}`);
      }
    }
  }
}
await bench.platform.stop();
console.log(`\ndone in ${((Date.now() - started) / 1000).toFixed(0)} s`);
