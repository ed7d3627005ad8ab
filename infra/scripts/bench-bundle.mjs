#!/usr/bin/env node
// Prints what a cold load of the front page costs: JS bytes transferred and as gzip, requests in
// all and before first paint, and the paint timings. A benchmark that prints figures, not a test.
// Uses the production builds (run `npm start` or the test command first) on its own ports.
// BENCH_VERBOSE=1 lists each script; BENCH_PACKAGES=1 shares the JS out by package (source maps);
// BENCH_VIEWPORT=1280x900 loads the page as the budget journey's desktop does (a phone's by default).
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { startBenchPlatform } from './lib/bench-platform.mjs';
import { kindOfPackage, transferredByPackage } from './lib/bytes-by-package.mjs';

const { cfg, browser, stop } = await startBenchPlatform({ name: 'rendime-bench', shellPort: 4300 });
const pagePath = process.argv[2] || '/public';
const runs = Number(process.env.BENCH_RUNS || 3);
const viewportMatch = /^(\d+)x(\d+)$/.exec(process.env.BENCH_VIEWPORT ?? '412x915');
if (!viewportMatch) throw new Error(`BENCH_VIEWPORT must be WIDTHxHEIGHT, like 1280x900, not ${process.env.BENCH_VIEWPORT}`);
const viewport = { width: Number(viewportMatch[1]), height: Number(viewportMatch[2]) };

async function coldLoad() {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const byId = new Map();
  cdp.on('Network.responseReceived', (e) => byId.set(e.requestId, { url: e.response.url, type: e.type, encoded: 0 }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.encoded = e.encodedDataLength;
  });
  const bodies = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') {
      try {
        bodies.set(res.url(), await res.body());
      } catch {
        // body gone (redirect); sizes still come from CDP
      }
    }
  });
  await page.goto(`${cfg.shellOrigin}${pagePath}`, { waitUntil: 'networkidle' });
  await page.waitForSelector('[data-remote="mf-public"]');
  const timing = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const resources = performance.getEntriesByType('resource');
    return {
      fcp,
      requestsBeforePaint: 1 + resources.filter((r) => fcp !== null && r.startTime < fcp).length,
      resources: resources.length + 1,
    };
  });
  const all = [...byId.values()];
  const scripts = all.filter((r) => r.type === 'Script');
  const jsTransferred = scripts.reduce((s, r) => s + r.encoded, 0);
  const jsGzip = [...bodies.values()].reduce((s, b) => s + zlib.gzipSync(b, { level: 9 }).length, 0);
  const jsRaw = [...bodies.values()].reduce((s, b) => s + b.length, 0);
  await context.close();
  return {
    requests: all.length,
    scripts: scripts.length,
    jsTransferred,
    jsGzip,
    jsRaw,
    ...timing,
    scriptUrls: scripts.map((s) => `${(s.encoded / 1024).toFixed(1).padStart(6)} KB  ${s.url}`),
    scriptBodies: scripts.map((s) => ({ url: s.url, body: bodies.get(s.url)?.toString('utf8') ?? '', transferred: s.encoded })),
  };
}

const results = [];
for (let i = 0; i < runs; i++) results.push(await coldLoad());
await stop();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const last = results.at(-1);
if (!last) throw new Error('no run finished');
console.log(`Cold load of ${pagePath} (${runs} runs, cache disabled, ${viewport.width}x${viewport.height} viewport)`);
console.log(`  requests:               ${median(results.map((r) => r.requests))}`);
console.log(`  requests before FCP:    ${median(results.map((r) => r.requestsBeforePaint))}`);
console.log(`  JS files:               ${last.scripts}`);
console.log(`  JS transferred (br/gz): ${kb(median(results.map((r) => r.jsTransferred)))}`);
console.log(`  JS gzip -9:             ${kb(median(results.map((r) => r.jsGzip)))}`);
console.log(`  JS uncompressed:        ${kb(median(results.map((r) => r.jsRaw)))}`);
console.log(`  first contentful paint: ${median(results.map((r) => r.fcp ?? 0)).toFixed(0)} ms (loopback)`);
if (process.env.BENCH_VERBOSE) console.log(last.scriptUrls.join('\n'));
if (process.env.BENCH_PACKAGES) {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const dists = ['shell', 'mf-public', 'mf-booking', 'mf-owner', 'mf-account', 'mf-messaging'].map((d) => path.join(repoRoot, d, 'dist'));
  const byPackage = [...transferredByPackage(last.scriptBodies, dists)].sort((a, b) => b[1] - a[1]);
  /** @type {Map<string, number>} */
  const byKind = new Map();
  for (const [pkg, n] of byPackage) byKind.set(kindOfPackage(pkg), (byKind.get(kindOfPackage(pkg)) ?? 0) + n);
  console.log('JS transferred by kind (the last run; each file shared out by its source map)');
  for (const [kind, n] of [...byKind].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(n).padStart(9)}  ${kind}`);
  console.log('JS transferred by package');
  for (const [pkg, n] of byPackage) if (n >= 100) console.log(`  ${kb(n).padStart(9)}  ${pkg.padEnd(40)} ${kindOfPackage(pkg)}`);
}
