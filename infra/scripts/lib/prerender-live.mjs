// The publish-time half of the landing page painted before JS (issue 16, ADR 0024): headless
// chromium loads the front page through temporary servers and stores the snapshot that
// prerender.mjs (the serving half, which the shell's server imports) puts into the page. Apart
// from it so that servers.mjs and this file import each other in one direction only (issue 26).
/* global document -- the function passed to page.evaluate runs in the browser */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { entryUrl, readManifest } from './registry.mjs';
import { startRemoteServer, startShellServer } from './servers.mjs';
import {
  fileOf,
  ownerOf,
  prerenderDir,
  prerenderKey,
  PRELOAD_PROBES,
  PRERENDER_OUTLET_ATTR,
  PRERENDER_PATHS,
  shellBuildHash,
} from './prerender.mjs';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
const portOf = (/** @type {import('fastify').FastifyInstance} */ app) =>
  /** @type {import('node:net').AddressInfo} */ (app.server.address()).port;

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
      const snapshot = /** @type {{ css: string, html: string }} */ (
        await snapshotPage({ registryDir, shellDist, manifest, pagePath, remote, chromiumPath, timeoutMs })
      );
      const record = {
        key,
        path: pagePath,
        remote: remote.name,
        version: remote.version,
        release: manifest.release,
        createdAt: new Date().toISOString(),
        ...snapshot,
      };
      fs.mkdirSync(prerenderDir(registryDir), { recursive: true });
      const tmp = `${fileOf(registryDir, key)}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(record));
      fs.renameSync(tmp, fileOf(registryDir, key));
      const ms = Date.now() - started;
      log(
        `[prerender] ${pagePath} for ${remote.name}@${remote.version}: ${snapshot.html.length} B markup, ${snapshot.css.length} B CSS in ${ms} ms`,
      );
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
      const scripts = /** @type {{ origin: string, version?: string, file: string }[]} */ (
        await snapshotPage({ registryDir, shellDist, manifest, pagePath: probe.path, remote, chromiumPath, timeoutMs, scriptsOnly: true })
      );
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

/** @typedef {{ origin: string, version?: string, file: string }} RecordedScript */
/**
 * The page rendered by the live release in headless chromium: its snapshot (CSS and the marked
 * HTML), or with `scriptsOnly` the scripts it asked for.
 * @param {{ registryDir: string, shellDist: string, manifest: import('./registry.mjs').Manifest, pagePath: string,
 *   remote: { name: string, version: string }, chromiumPath?: string, timeoutMs?: number, scriptsOnly?: boolean }} o
 */
async function snapshotPage({ registryDir, shellDist, manifest, pagePath, remote, chromiumPath, timeoutMs, scriptsOnly = false }) {
  const { chromium } = await import('playwright-core');
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
      // No server entries: this shell's registry holds none (and the snapshot is the browser's page).
      const { serverEntry: _entry, serverRoutes: _routes, ...browserOnly } = r;
      remotes.push({ ...browserOnly, entry: entryUrl(`http://127.0.0.1:${portOf(server)}`, r.version), fallbacks: [] });
    }
    const shellRegistry = path.join(tmp, 'shell');
    fs.mkdirSync(shellRegistry, { recursive: true });
    fs.writeFileSync(path.join(shellRegistry, 'release-manifest.json'), JSON.stringify({ ...manifest, remotes }));
    // No API: the page's calls are answered in the browser (anonymous, no data). prerender: false,
    // or the page would be rendered from an older snapshot.
    const shell = await startShellServer({ shellDist, registryDir: shellRegistry, port: 0, apiPort: 9, prerender: false });
    servers.push(shell);
    browser = await chromium.launch({
      executablePath: chromiumPath || process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
    // Scripts are recorded on a phone's screen: what a desktop loads on top (the search page's map)
    // stays lazy rather than taking a phone's bandwidth.
    const context = await browser.newContext({
      locale: 'et-EE',
      ...(scriptsOnly
        ? { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true }
        : { viewport: { width: 1280, height: 900 } }),
    });
    // Taken with the shell's cookie notice open: the server shows it to a visitor who has not
    // answered it and takes it out for one who has (servers.mjs, snapshotForVisitor).
    const page = await context.newPage();
    /** @type {string[]} */
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/api/**', (r) => {
      const url = new URL(r.request().url());
      if (url.pathname === '/api/users/session') return r.fulfill({ status: 200, contentType: 'application/json', body: 'null' });
      return r.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, code: 'PRERENDER', message: 'no data in the prerender', codes: ['PRERENDER'] }),
      });
    });
    const shellOrigin = `http://127.0.0.1:${portOf(shell)}`;
    /** Every script the page asks for, in order: the shell's (same origin) and the remotes'. */
    /** @type {RecordedScript[]} */
    const scripts = [];
    page.on('request', (req) => {
      if (req.resourceType() !== 'script') return;
      const url = new URL(req.url());
      if (url.search) return;
      if (url.origin === shellOrigin) return void scripts.push({ origin: 'shell', file: url.pathname.replace(/^\//, '') });
      const r = origins.get(url.origin);
      const prefix = r ? `/${encodeURIComponent(r.version).replace(/%2B/gi, '+')}/` : null;
      if (r && prefix && url.pathname.startsWith(prefix))
        scripts.push({ origin: r.name, version: r.version, file: url.pathname.slice(prefix.length) });
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
          // The shell's index.html's own styles (its skeleton, the platform's global CSS: ADR 0055)
          // are on every page it serves, the snapshot's too: a copy would only be parsed twice.
          .filter((sheet) => !(/** @type {HTMLElement | null} */ (sheet.ownerNode)?.hasAttribute?.('data-shell-static')))
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
        /** @type {(el: Element) => boolean} */
        const prune = (el) => {
          if (el.hasAttribute('data-prerender')) return true;
          let keep = false;
          for (const child of [...el.childNodes]) {
            if (child.nodeType === 1 && prune(/** @type {Element} */ (child))) keep = true;
            else child.remove();
          }
          return keep;
        };
        const holder = document.createElement('div');
        holder.setAttribute(attr, p);
        for (const child of [...outletCopy.childNodes]) {
          if (child.nodeType === 1 && prune(/** @type {Element} */ (child))) holder.appendChild(child);
        }
        // Nothing in the copy may be taken for the slice's own elements (journeys, the shell, the
        // slice's ids for labels): the live page has its own once JS runs.
        for (const el of [holder, ...holder.querySelectorAll('*')]) {
          for (const name of [
            'id',
            'data-testid',
            'data-remote',
            'data-remote-area',
            'data-version',
            'for',
            'aria-labelledby',
            'aria-describedby',
            'aria-controls',
          ])
            el.removeAttribute(name);
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
