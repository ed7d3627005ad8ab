#!/usr/bin/env node
// Where a page's blocking time goes: one cold load of a page under Lighthouse's mobile throttling
// with a chromium trace (tasks and V8's sampling profile), each long task's samples mapped through
// the builds' hidden source maps to the package or source file that ran, and totals printed for
// the time over 50 ms of each task after first contentful paint (what TBT counts). Prints figures,
// not a test. Usage: node infra/scripts/bench-profile.mjs [/public/...] (default /public);
// PROFILE_RUNS=N sums N loads. Needs the production builds, as bench-lcp.mjs does.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { startBenchPlatform, throttleToMobile } from './lib/bench-platform.mjs';
import { sourceMapOf } from './lib/bytes-by-package.mjs';

const require = createRequire(import.meta.url);
const { originalPositionFor, LEAST_UPPER_BOUND } = require('@jridgewell/trace-mapping');
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const pagePath = process.argv[2] || '/public';
const runs = Number(process.env.PROFILE_RUNS || 1);
process.env.RENDIME_MAP_TILE_URL ??= '';

const bench = await startBenchPlatform({ name: 'rendime-bench-profile', shellPort: 6250 });
process.once('exit', () => bench.platform.api.kill());
const { cfg, browser } = bench;

const dists = ['shell', 'mf-public', 'mf-booking', 'mf-owner', 'mf-account', 'mf-messaging'].map((d) => path.join(repoRoot, d, 'dist'));
const mapCache = new Map();
/** The scripts' bodies as loaded: `main.js` and `remoteEntry.js` are in several builds, and a
 * frame's map is the one of the build whose file has the same content. */
const bodies = new Map();
const mapFor = (/** @type {string} */ url) => sourceMapOf(dists, { url, body: bodies.get(url) }, mapCache)?.map ?? null;
function origin(frame, nextMapped = false) {
  if (!frame.url) return { where: `(${frame.functionName || 'program'})`, fn: frame.functionName || '(native)' };
  const map = mapFor(frame.url);
  const file = frame.url.split('?')[0].split('/').pop();
  if (!map) return { where: file, fn: frame.functionName || '(anonymous)' };
  // A module's factory (webpack's wrapper) has no mapping of its own: its body's first one names it.
  const at = { line: frame.lineNumber + 1, column: frame.columnNumber };
  const pos = nextMapped ? originalPositionFor(map, { ...at, bias: LEAST_UPPER_BOUND }) : originalPositionFor(map, at);
  const src = pos.source || file;
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(src);
  const where = pkg ? pkg[1] : src.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  return { where, fn: `${pos.name || frame.functionName || '(anonymous)'} ${where}:${pos.line ?? '?'}` };
}

const byWhere = new Map();
const byFnSelf = new Map();
const byFnTotal = new Map();
const byModule = new Map();
const inModule = new Map();
const add = (m, k, v) => m.set(k, (m.get(k) || 0) + v);
/** Timeline events of the renderer's own work (not script), by a short name for the task lines. */
const RENDERING = new Map([
  ['UpdateLayoutTree', 'style'],
  ['Layout', 'layout'],
  ['ParseAuthorStyleSheet', 'parse CSS'],
  ['ParseHTML', 'parse HTML'],
  ['PrePaint', 'pre-paint'],
  ['Paint', 'paint'],
  ['Layerize', 'layerize'],
  ['HitTest', 'hit test'],
]);
let tbtSum = 0;
const taskLines = [];

for (let run = 0; run < runs; run++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await context.addInitScript(() => window.localStorage.setItem('rendime.cookiesAccepted', 'true'));
  // The cookie notice answered in the cookie the server reads too (no notice in the page's HTML).
  await context.addCookies([{ name: 'rendime_consent', value: '1', domain: new URL(cfg.shellOrigin).hostname, path: '/' }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttleToMobile(cdp);
  const reads = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    reads.push(
      res.text().then(
        (body) => bodies.set(res.url(), body),
        () => undefined, // a redirect or an aborted load has no body: its frames map by name alone
      ),
    );
  });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-v8.cpu_profiler',
      'v8.execute',
      'loading',
      'blink.user_timing',
    ],
  });
  await page.goto(`${cfg.shellOrigin}${pagePath}`, { waitUntil: 'load', timeout: 120000 });
  await page.waitForTimeout(4000);
  const buf = await browser.stopTracing();
  await Promise.all(reads);
  await context.close();
  const events = JSON.parse(buf.toString('utf8')).traceEvents;

  // The renderer's main thread: where the page's FCP mark is.
  const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint');
  const navStart = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  if (!fcpEvent) throw new Error('no firstContentfulPaint in the trace');
  const { pid, tid } = fcpEvent;
  const tasks = events.filter((e) => e.pid === pid && e.tid === tid && e.name === 'RunTask' && e.ph === 'X' && e.dur > 50000);
  const blocking = tasks
    .map((t) => ({ start: Math.max(t.ts, fcpEvent.ts), end: t.ts + t.dur, ts: t.ts, dur: t.dur }))
    .filter((t) => t.end - t.start > 50000);

  // The sampling profile, assembled from its chunks (nodes arrive with the chunks that first use them).
  const nodes = new Map();
  const samples = [];
  let profileStart = 0;
  let lastTs = 0;
  for (const e of events) {
    if (e.name === 'Profile' && e.pid === pid) profileStart = lastTs = e.args.data.startTime;
    if (e.name !== 'ProfileChunk' || e.pid !== pid) continue;
    const d = e.args.data;
    for (const n of d.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const ids = d.cpuProfile?.samples ?? [];
    const deltas = d.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i++) {
      lastTs += deltas[i] ?? 0;
      samples.push({ id: ids[i], ts: lastTs });
    }
  }
  if (!profileStart) throw new Error('no CPU profile in the trace');
  const originOf = new Map();
  const nodeOrigin = (id) => {
    if (!originOf.has(id)) originOf.set(id, origin(nodes.get(id).callFrame));
    return originOf.get(id);
  };

  // Parents come as children lists in the profile: parent links for the inclusive walk below.
  for (const n of nodes.values()) for (const c of n.children ?? []) if (nodes.get(c)) nodes.get(c).parent = n.id;
  for (const t of blocking) {
    // Only the part over 50 ms counts for TBT: each sample in the task is weighted by that share.
    const over = t.end - t.start - 50000;
    tbtSum += over / 1000;
    const inTask = [];
    for (let i = 0; i < samples.length - 1; i++) {
      const s = samples[i];
      if (s.ts < t.ts || s.ts >= t.end) continue;
      inTask.push({ id: s.id, w: samples[i + 1].ts - s.ts });
    }
    const total = inTask.reduce((a, s) => a + s.w, 0) || 1;
    const scale = over / total / 1000;
    const perTask = new Map();
    for (const s of inTask) {
      const leaf = nodeOrigin(s.id);
      add(byWhere, leaf.where, s.w * scale);
      add(perTask, leaf.where, s.w * scale);
      add(byFnSelf, leaf.fn, s.w * scale);
      // Module evaluation: the nearest frame whose caller is webpack's require is a module's
      // factory; the sample's time goes to that module (its nested requires to theirs).
      for (let n = nodes.get(s.id); n; n = n.parent ? nodes.get(n.parent) : undefined) {
        const parent = n.parent ? nodes.get(n.parent) : undefined;
        if (parent && nodeOrigin(parent.id).fn.startsWith('__webpack_require__ ')) {
          const mod = origin(n.callFrame, true).where;
          add(byModule, mod, s.w * scale);
          if (process.env.PROFILE_MODULE && mod.includes(process.env.PROFILE_MODULE)) {
            // What the named module's evaluation spends its time in: each function under it, once per sample.
            const seen = new Set();
            for (let m = nodes.get(s.id); m && m !== n; m = m.parent ? nodes.get(m.parent) : undefined) {
              const f = nodeOrigin(m.id).fn;
              if (!seen.has(f)) {
                seen.add(f);
                add(inModule, f, s.w * scale);
              }
            }
          }
          break;
        }
      }
      // Inclusive: every distinct function on the sample's stack.
      const seen = new Set();
      for (let n = nodes.get(s.id); n; n = n.parent ? nodes.get(n.parent) : undefined) {
        const o = nodeOrigin(n.id);
        if (!seen.has(o.fn)) {
          seen.add(o.fn);
          add(byFnTotal, o.fn, s.w * scale);
        }
      }
    }
    const top = [...perTask.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
    // The renderer's work in the task: style recalculation, layout, style sheet and HTML parsing, by
    // the timeline's event names. Whole events in ms, not their share over 50 ms, and they overlap
    // (an HTML parse holds the style and layout it forces); work forced by a script is also counted
    // under that script above, the rest is the profile's "(program)".
    const rendering = new Map();
    for (const e of events) {
      if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || !RENDERING.has(e.name)) continue;
      if (e.ts >= t.ts && e.ts < t.end) add(rendering, RENDERING.get(e.name), (e.dur ?? 0) / 1000);
    }
    const renderingText = [...rendering.entries()]
      .filter(([, v]) => v >= 1)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ');
    taskLines.push(
      `  task at ${((t.ts - (navStart?.ts ?? profileStart)) / 1000).toFixed(0)} ms, ${(t.dur / 1000).toFixed(0)} ms long, ${(over / 1000).toFixed(0)} ms blocking: ${top.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}${renderingText ? ` | renderer (whole events, overlapping): ${renderingText}` : ''}`,
    );
  }
}

const print = (title, m, n) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
};
console.log(
  `\n${pagePath}: ${runs} cold load(s), 4x CPU, mobile network; blocking time (TBT as this trace counts it): ${(tbtSum / runs).toFixed(0)} ms per load`,
);
console.log('\nLong tasks after first contentful paint (blocking ms by package or file):');
for (const l of taskLines) console.log(l);
print('Blocking time by package or source file (self time), summed over the loads:', byWhere, 30);
print('Blocking time in module evaluation, by module (its own top level and calls, not its imports):', byModule, 30);
if (process.env.PROFILE_MODULE) print(`Inside ${process.env.PROFILE_MODULE}'s evaluation (inclusive):`, inModule, 30);
print('Blocking time by function (self time):', byFnSelf, 30);
print('Blocking time by function (inclusive):', byFnTotal, 40);
await bench.stop();
process.exit(0);
