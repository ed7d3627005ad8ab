// The landing page painted before JS (issue 16, ADR 0024). When a release is published, headless
// chromium loads the front page through the live shell and the live remotes (temporary servers,
// as the smoke mount does), as an anonymous visitor with no data, and keeps what the page looks
// like: the shell's chrome and, of the outlet, only the elements the slice marks `data-prerender`
// (the hero: text, a form and links, nothing data-dependent), plus every CSS rule the page has
// inserted (Emotion writes Chakra's rules through the CSSOM, so the style tags themselves are
// empty). The result is stored in the registry under a key of the shell's build and the version of
// the slice that owns the route; the shell's server puts it into the page only while that key is
// the live one, so a new release or shell build never gets an older snapshot.
/* global document, window -- the function passed to page.evaluate runs in the browser */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { entryUrl, manifestPath, readManifest } from './registry.mjs';
import { routeMatches } from './publish-gate.mjs';

/** The pages prerendered at publish time: the front page (the LCP target of issue 16). */
export const PRERENDER_PATHS = ['/public'];
/**
 * Pages whose scripts are recorded at publish (as loaded without data, anonymous), to be preloaded:
 * the route pattern the shell's server matches, and the path loaded to observe it.
 */
export const PRELOAD_PROBES = [
  { pattern: '/public', path: '/public' },
  { pattern: '/public/search-products', path: '/public/search-products' },
  { pattern: '/public/detail-view/:id', path: '/public/detail-view/1' },
];
/** What the shell's server must see (and the slice's own element must match) to swap it. */
export const PRERENDER_OUTLET_ATTR = 'data-prerender-outlet';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
const portOf = (app) => /** @type {import('node:net').AddressInfo} */ (app.server.address()).port;

export function prerenderDir(registryDir) {
  return path.join(registryDir, 'prerender');
}

/** The live remote that owns a page path (the first whose routes match it), if any. */
export function ownerOf(manifest, pagePath) {
  return (manifest?.remotes ?? []).find((r) => Array.isArray(r?.routes) && r.routes.some((route) => routeMatches(route, pagePath))) ?? null;
}

const shellHashCache = new Map();
/**
 * A hash of the shell's build: index.html and main.js (not content-hashed itself, but it names
 * every hashed chunk, so any change of the shell's code changes it). Cached by size and mtime.
 */
export function shellBuildHash(shellDist) {
  const files = ['index.html', 'main.js'].map((f) => path.join(shellDist, f));
  const stamp = files.map((f) => {
    try {
      const s = fs.statSync(f);
      return `${s.size}:${s.mtimeMs}`;
    } catch {
      return 'missing';
    }
  }).join('|');
  const cached = shellHashCache.get(shellDist);
  if (cached?.stamp === stamp) return cached.hash;
  const hash = crypto.createHash('sha256');
  for (const f of files) hash.update(fs.existsSync(f) ? fs.readFileSync(f) : Buffer.alloc(0)).update('\0');
  const value = hash.digest('hex').slice(0, 16);
  shellHashCache.set(shellDist, { stamp, hash: value });
  return value;
}

/** The key of a page's snapshot: the page, the shell's build and the owning slice's live version. */
export function prerenderKey({ pagePath, shellHash, remote }) {
  return crypto.createHash('sha256').update(`${pagePath}\0${shellHash}\0${remote.name}@${remote.version}`).digest('hex').slice(0, 20);
}

const fileOf = (registryDir, key) => path.join(prerenderDir(registryDir), `${key}.json`);

/** Stored records by file, parsed once (a key's file is written once, by rename). */
const records = new Map();
function readRecord(file) {
  // A record removed from the registry (cleaned up) is not served from memory.
  if (!fs.existsSync(file)) {
    records.delete(file);
    return null;
  }
  const hit = records.get(file);
  if (hit) return hit;
  let record;
  try {
    record = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null; // not (yet) stored: asked again next time
  }
  if (records.size > 64) records.clear();
  records.set(file, record);
  return record;
}

/**
 * The stored snapshot for a page as the live release and shell build stand right now, or null
 * (not prerendered, or prerendered for another release or shell build).
 * @param {{ registryDir: string, shellDist: string, pagePath: string, manifest?: any }} o
 * @returns {{ key: string, path: string, css: string, html: string } | null}
 */
export function livePrerender({ registryDir, shellDist, pagePath, manifest }) {
  if (!PRERENDER_PATHS.includes(pagePath)) return null;
  let m = manifest;
  try {
    m ??= JSON.parse(fs.readFileSync(manifestPath(registryDir), 'utf8'));
  } catch {
    return null;
  }
  const remote = ownerOf(m, pagePath);
  if (!remote?.version) return null;
  const key = prerenderKey({ pagePath, shellHash: shellBuildHash(shellDist), remote });
  const stored = readRecord(fileOf(registryDir, key));
  if (stored?.key !== key || typeof stored.html !== 'string' || typeof stored.css !== 'string') return null;
  return stored;
}

/**
 * The scripts recorded for the page's route (PRELOAD_PROBES) as URLs of the live release: the
 * shell's own (same origin) and each remote's from its live entry's folder. Only recorded for the
 * shell build and owning slice version live now; a remote file of another version is left out.
 * @returns {string[]}
 */
export function livePreloads({ registryDir, shellDist, pagePath, manifest }) {
  const probe = PRELOAD_PROBES.find((p) => routeMatches(p.pattern, pagePath));
  if (!probe) return [];
  const remote = ownerOf(manifest, pagePath);
  if (!remote?.version) return [];
  const key = prerenderKey({ pagePath: `scripts:${probe.pattern}`, shellHash: shellBuildHash(shellDist), remote });
  const stored = readRecord(fileOf(registryDir, key));
  if (stored?.key !== key || !Array.isArray(stored.scripts)) return [];
  const live = new Map((manifest?.remotes ?? []).map((r) => [r.name, r]));
  return stored.scripts.flatMap((sc) => {
    if (typeof sc?.file !== 'string' || !/^[\w.\-/]+\.js$/.test(sc.file) || sc.file.includes('..')) return [];
    if (sc.origin === 'shell') return [`/${sc.file}`];
    const r = live.get(sc.origin);
    if (!r || r.version !== sc.version || typeof r.entry !== 'string') return [];
    return [String(r.entry).replace(/[^/]*$/, '') + sc.file];
  });
}

/**
 * The shell's index.html with a snapshot in it: its CSS in a style tag (the CSP allows inline
 * styles, never inline scripts) and its markup in place of the empty boot element. `</style` in
 * the CSS is escaped (`\/` is a plain `/` in CSS), so the snapshot cannot close the tag.
 * @param {string} html @param {{ key: string, css: string, html: string }} snapshot
 */
export function withPrerender(html, snapshot) {
  const boot = /<div id="shell-root">[\s\S]*?<\/div><\/div>/;
  if (!boot.test(html)) return html;
  const css = snapshot.css.replace(/<\/(style)/gi, '<\\/$1');
  return html
    .replace('</head>', () => `<style id="rendime-prerender-css" data-prerender-key="${snapshot.key}">${css}</style></head>`)
    .replace(boot, () => `<div id="shell-root">${snapshot.html}</div>`);
}

/**
 * Renders and stores the snapshots of the live release (PRERENDER_PATHS), unless stored already.
 * Never throws for a page that cannot be rendered: the page is then served without a snapshot,
 * as before, and the reason is returned.
 * @param {{ registryDir: string, shellDist: string, chromiumPath?: string, timeoutMs?: number, log?: (s: string) => void }} o
 * @returns {Promise<{ path: string, key?: string, stored: boolean, reused?: boolean, ms?: number, bytes?: number, problem?: string }[]>}
 */
export async function prerenderLive({ registryDir, shellDist, chromiumPath, timeoutMs = 60_000, log = () => undefined }) {
  const manifest = readManifest(registryDir);
  const results = [];
  for (const pagePath of PRERENDER_PATHS) {
    const remote = ownerOf(manifest, pagePath);
    if (!remote) {
      results.push({ path: pagePath, stored: false, problem: 'no live remote owns the page' });
      continue;
    }
    const key = prerenderKey({ pagePath, shellHash: shellBuildHash(shellDist), remote });
    if (fs.existsSync(fileOf(registryDir, key))) {
      results.push({ path: pagePath, key, stored: true, reused: true });
      continue;
    }
    const started = Date.now();
    try {
      const snapshot = /** @type {{ css: string, html: string }} */ (await snapshotPage({ registryDir, shellDist, manifest, pagePath, remote, chromiumPath, timeoutMs }));
      const record = { key, path: pagePath, remote: remote.name, version: remote.version, release: manifest.release, createdAt: new Date().toISOString(), ...snapshot };
      fs.mkdirSync(prerenderDir(registryDir), { recursive: true });
      const tmp = `${fileOf(registryDir, key)}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(record));
      fs.renameSync(tmp, fileOf(registryDir, key));
      const ms = Date.now() - started;
      log(`[prerender] ${pagePath} for ${remote.name}@${remote.version}: ${snapshot.html.length} B markup, ${snapshot.css.length} B CSS in ${ms} ms`);
      results.push({ path: pagePath, key, stored: true, ms, bytes: snapshot.html.length + snapshot.css.length });
    } catch (e) {
      const problem = e instanceof Error ? e.message.split('\n')[0] : String(e);
      log(`[prerender] ${pagePath} not prerendered: ${problem}`);
      results.push({ path: pagePath, key, stored: false, problem });
    }
  }
  for (const probe of PRELOAD_PROBES) {
    const remote = ownerOf(manifest, probe.path);
    if (!remote) continue;
    const key = prerenderKey({ pagePath: `scripts:${probe.pattern}`, shellHash: shellBuildHash(shellDist), remote });
    if (fs.existsSync(fileOf(registryDir, key))) continue;
    try {
      const scripts = /** @type {{ origin: string, version?: string, file: string }[]} */ (await snapshotPage({ registryDir, shellDist, manifest, pagePath: probe.path, remote, chromiumPath, timeoutMs, scriptsOnly: true }));
      const tmp = `${fileOf(registryDir, key)}.${process.pid}.tmp`;
      fs.mkdirSync(prerenderDir(registryDir), { recursive: true });
      fs.writeFileSync(tmp, JSON.stringify({ key, pattern: probe.pattern, remote: remote.name, version: remote.version, scripts }));
      fs.renameSync(tmp, fileOf(registryDir, key));
      log(`[prerender] ${probe.pattern}: ${scripts.length} scripts to preload`);
    } catch (e) {
      log(`[prerender] scripts of ${probe.pattern} not recorded: ${e instanceof Error ? e.message.split('\n')[0] : e}`);
    }
  }
  return results;
}

async function snapshotPage({ registryDir, shellDist, manifest, pagePath, remote, chromiumPath, timeoutMs, scriptsOnly = false }) {
  const { chromium } = await import('playwright-core');
  const { startRemoteServer, startShellServer } = await import('./servers.mjs');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rendime-prerender-'));
  /** @type {{ close: () => Promise<unknown> }[]} */
  const servers = [];
  let browser;
  try {
    // The live remotes from their stored folders on temporary origins (the live ones may not run here).
    const remotes = [];
    /** Temporary origin -> the remote and version it serves, to name recorded scripts. */
    const origins = new Map();
    for (const r of manifest.remotes ?? []) {
      if (!fs.existsSync(path.join(registryDir, r.name, r.version, 'mf-manifest.json'))) continue;
      const server = await startRemoteServer({ name: r.name, registryDir, port: 0 });
      servers.push(server);
      origins.set(`http://127.0.0.1:${portOf(server)}`, r);
      remotes.push({ ...r, entry: entryUrl(`http://127.0.0.1:${portOf(server)}`, r.version), fallbacks: [] });
    }
    const shellRegistry = path.join(tmp, 'shell');
    fs.mkdirSync(shellRegistry, { recursive: true });
    fs.writeFileSync(path.join(shellRegistry, 'release-manifest.json'), JSON.stringify({ ...manifest, remotes }));
    // No API: the page's calls are answered in the browser (anonymous, no data). prerender: false,
    // or the page would be rendered from an older snapshot.
    const shell = await startShellServer({ shellDist, registryDir: shellRegistry, port: 0, apiPort: 9, prerender: false });
    servers.push(shell);
    browser = await chromium.launch({ executablePath: chromiumPath || process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
    // Scripts are recorded on a phone's screen: what a desktop loads on top (the search page's map)
    // stays lazy rather than taking a phone's bandwidth.
    const context = await browser.newContext({ locale: 'et-EE', ...(scriptsOnly ? { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } }) });
    // The cookie dialog is the shell's, shown after JS to whoever has not answered it: not part of the page.
    await context.addInitScript(() => window.localStorage.setItem('rendime.cookiesAccepted', 'true'));
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/api/**', (r) => {
      const url = new URL(r.request().url());
      if (url.pathname === '/api/users/session') return r.fulfill({ status: 200, contentType: 'application/json', body: 'null' });
      return r.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, code: 'PRERENDER', message: 'no data in the prerender', codes: ['PRERENDER'] }) });
    });
    const shellOrigin = `http://127.0.0.1:${portOf(shell)}`;
    /** Every script the page asks for, in order: the shell's (same origin) and the remotes'. */
    const scripts = [];
    page.on('request', (req) => {
      if (req.resourceType() !== 'script') return;
      const url = new URL(req.url());
      if (url.search) return;
      if (url.origin === shellOrigin) return void scripts.push({ origin: 'shell', file: url.pathname.replace(/^\//, '') });
      const r = origins.get(url.origin);
      const prefix = r ? `/${encodeURIComponent(r.version).replace(/%2B/gi, '+')}/` : null;
      if (r && prefix && url.pathname.startsWith(prefix)) scripts.push({ origin: r.name, version: r.version, file: url.pathname.slice(prefix.length) });
    });
    await page.goto(`${shellOrigin}${pagePath}`, { waitUntil: 'load', timeout: timeoutMs });
    if (scriptsOnly) {
      // The slice mounted and its route's lazy parts asked for (with no data: an error or empty state).
      await page.waitForSelector(`[data-remote="${remote.name}"] > *`, { timeout: timeoutMs });
      await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => undefined);
      // main.js is in the HTML already; the rest in the order asked for, each once.
      const seen = new Set(['shell:main.js']);
      return scripts.filter((sc) => {
        const id = `${sc.origin}:${sc.file}`;
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      });
    }
    await page.waitForSelector(`[data-remote="${remote.name}"] [data-prerender]`, { timeout: timeoutMs });
    // Let late style insertions (a second render, effects) land before the rules are read.
    await page.waitForTimeout(500);
    if (errors.length) throw new Error(`page error while prerendering: ${errors[0]}`);
    return await page.evaluate(
      ({ pagePath: p, attr }) => {
        const root = document.getElementById('shell-root');
        const outlet = document.getElementById('rendime-outlet');
        if (!root || !outlet) throw new Error('no shell root or outlet on the page');
        const css = [...document.styleSheets]
          .flatMap((sheet) => {
            try {
              return [...sheet.cssRules].map((r) => r.cssText);
            } catch {
              return []; // another origin's sheet: not readable, and not needed for the first paint
            }
          })
          .join('\n');
        const clone = /** @type {HTMLElement} */ (root.cloneNode(true));
        const outletCopy = /** @type {HTMLElement} */ (clone.querySelector('#rendime-outlet'));
        // Of the outlet, only the marked elements and the wrappers leading to them (their layout).
        const prune = (el) => {
          if (el.hasAttribute('data-prerender')) return true;
          let keep = false;
          for (const child of [...el.childNodes]) {
            if (child.nodeType === 1 && prune(child)) keep = true;
            else child.remove();
          }
          return keep;
        };
        const holder = document.createElement('div');
        holder.setAttribute(attr, p);
        for (const child of [...outletCopy.childNodes]) {
          if (child.nodeType === 1 && prune(child)) holder.appendChild(child);
        }
        // Nothing in the copy may be taken for the slice's own elements (journeys, the shell, the
        // slice's ids for labels): the live page has its own once JS runs.
        for (const el of [holder, ...holder.querySelectorAll('*')]) {
          for (const name of ['id', 'data-testid', 'data-remote', 'data-remote-area', 'data-version', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls']) el.removeAttribute(name);
        }
        outletCopy.replaceWith(holder);
        if (!holder.querySelector('[data-prerender]')) throw new Error('the page marks nothing with data-prerender');
        return { css, html: clone.innerHTML };
      },
      { pagePath, attr: PRERENDER_OUTLET_ATTR },
    );
  } finally {
    await browser?.close().catch(() => undefined);
    for (const s of servers.reverse()) await s.close().catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
