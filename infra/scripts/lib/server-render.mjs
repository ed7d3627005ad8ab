// Server-rendered public pages (issue 28, ADR 0041). A slice that owns public routes publishes a
// Node container next to its browser build (`server/remoteEntry.js` in its immutable version
// folder). For an anonymous visitor the shell's server loads the live version's container, asks
// it to render the page within a budget and puts the result where the slice mounts, with the
// query cache the browser's client starts from. Whatever goes wrong (no container, a throw, no
// answer within the budget) the visitor gets the client-rendered page exactly as before, and the
// failure is reported like a failed browser load.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { routeMatches } from './route-match.mjs';
import { ownerOf, PRERENDER_OUTLET_ATTR } from './prerender.mjs';

/** How long the shell's server waits for a slice's render before it serves the page client-rendered. */
export const SERVER_RENDER_BUDGET_MS = 300;
/** How long an anonymous page's rendered HTML is reused (per URL, per live release). */
export const SERVER_RENDER_CACHE_MS = 10_000;
const CACHE_MAX = 500;
/** A server entry that failed to load is tried again after this long. */
const RELOAD_AFTER_MS = 30_000;
/**
 * After this many failed renders in a row a version's renders pause for SERVER_RENDER_PAUSE_MS:
 * a slice that keeps timing out (its API slow, the machine overloaded) must not add the whole
 * budget to every anonymous page's first byte. One render is tried again after the pause.
 */
export const SERVER_RENDER_FAILURES_TO_PAUSE = 3;
export const SERVER_RENDER_PAUSE_MS = 10_000;
/** The element the browser's shell reads the embedded query cache from (shell: server-state.ts). */
export const SERVER_STATE_ID = 'rendime-server-state';

const require = createRequire(import.meta.url);

/**
 * The stored server entry of a live remote, or null when its version has none.
 * @param {string} registryDir @param {{ name?: string, version?: string } | null | undefined} remote
 */
export function serverEntryFile(registryDir, remote) {
  if (!remote?.name || !remote?.version || /[/\\]|\.\./.test(`${remote.name}${remote.version}`)) return null;
  const file = path.join(registryDir, remote.name, remote.version, 'server', 'remoteEntry.js');
  return fs.existsSync(file) ? file : null;
}

/**
 * Server modules by entry file: a version folder never changes, so one load serves it for good.
 * @type {Map<string, { loading: Promise<any>, ready: boolean, failed: boolean, failedAt: number, reported: boolean, failuresInRow: number, pausedUntil: number }>}
 */
const modules = new Map();

/**
 * The `./server` module of a stored Node container (a Module Federation container in
 * `commonjs-module` form: `init` with an empty share scope, since it shares nothing, then `get`).
 * Its chunks load from beside the entry through the Node runtime plugin built into it.
 * @param {string} file
 */
export function loadServerModule(file) {
  const known = modules.get(file);
  // A failed load is tried again a while later (a folder still being written, say), not on every request.
  if (known && !(known.failed && Date.now() - known.failedAt > RELOAD_AFTER_MS)) return known;
  {
    const loading = (async () => {
      const exported = require(file);
      const container =
        typeof exported?.init === 'function' ? exported : Object.values(exported ?? {}).find((v) => typeof v?.init === 'function');
      if (!container) throw new Error(`${file} is not a federation container`);
      await container.init({});
      const factory = await container.get('./server');
      const mod = factory();
      if (typeof mod?.render !== 'function' || !Array.isArray(mod?.routes))
        throw new Error(`${file}: ./server exports no render and routes`);
      // One render of the slice's sample before any visitor's: compiling React's and the page's
      // code the first time takes longer than the budget on a busy machine.
      if (typeof mod.warm === 'function') await mod.warm();
      return mod;
    })();
    const entry = { loading, ready: false, failed: false, failedAt: 0, reported: false, failuresInRow: 0, pausedUntil: 0 };
    loading.then(
      () => {
        entry.ready = true;
      },
      (error) => {
        entry.failed = true;
        entry.failedAt = Date.now();
        console.error(
          `[shell] server entry ${file} failed to load: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
      },
    );
    modules.set(file, entry);
    return entry;
  }
}

/**
 * Starts loading (and warming) the server entries of the live remotes that have one, so the first
 * visitor of a version is not the one who waits for it. Cheap to call on every request.
 * @param {string} registryDir @param {any} manifest the live release manifest as read (entries checked by serverEntryFile)
 */
export function warmServerEntries(registryDir, manifest) {
  for (const remote of manifest?.remotes ?? []) {
    const file = serverEntryFile(registryDir, remote);
    if (file) loadServerModule(file);
  }
}

class BudgetError extends Error {
  /** @param {number} ms */
  constructor(ms) {
    super(`no answer within ${ms} ms`);
    this.name = 'BudgetError';
  }
}

/** The anonymous HTML cache: url → { key (release and version), at, result }. */
const cache = new Map();
export function clearServerRenderCache() {
  cache.clear();
}

/**
 * The server rendering of a page for an anonymous visitor, or null (not rendered: the page is
 * served client-rendered). `report` hears of every failure with the shape of the browser's
 * RemoteLoadReport. Results are cached per URL for `cacheMs` under the live release's key, so a
 * publish or rollback is seen on the next request.
 * @param {{ registryDir: string, manifest: any, pagePath: string, search?: string, origin: string, apiBaseUrl: string, fetch?: typeof fetch, budgetMs?: number, cacheMs?: number, now?: () => number, report?: (r: object) => void }} o
 * @returns {Promise<{ status: number, html: string, head: string, state: unknown } | null>}
 */
export async function serverRender({
  registryDir,
  manifest,
  pagePath,
  search = '',
  origin,
  apiBaseUrl,
  fetch: doFetch = fetch,
  budgetMs = SERVER_RENDER_BUDGET_MS,
  cacheMs = SERVER_RENDER_CACHE_MS,
  now = Date.now,
  report = () => {},
}) {
  const remote = ownerOf(manifest, pagePath);
  if (!remote) return null;
  const file = serverEntryFile(registryDir, remote);
  if (!file) return null;
  const key = `${manifest.release}\0${remote.name}@${remote.version}`;
  // The origin too: without a configured one it comes from the Host header, which must not reach another visitor's page.
  const url = `${origin}${pagePath}${search}`;
  const hit = cache.get(url);
  if (hit && hit.key === key && now() - hit.at < cacheMs) return hit.result;
  const started = now();
  const failure = (/** @type {string} */ outcome, /** @type {unknown} */ error) => {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 300);
    console.error(`[shell] server render of ${url} by ${remote.name}@${remote.version} failed: ${message}; serving it client-rendered`);
    report({
      remote: remote.name,
      version: remote.version,
      outcome,
      servedVersion: null,
      durationMs: Math.max(0, Math.round(now() - started)),
      message: `server render: ${message}`.slice(0, 300),
      path: pagePath.slice(0, 300),
      release: String(manifest.release).slice(0, 40),
    });
  };
  const entry = loadServerModule(file);
  if (!entry.ready) {
    // A version just published or a server just started: the load (and its warm-up render) may
    // take longer than the budget. The visitor waits at most the budget for it; the load goes on.
    let wait;
    const loaded = await Promise.race([
      entry.loading.then(
        () => true,
        () => false,
      ),
      new Promise((resolve) => (wait = setTimeout(resolve, budgetMs, false))),
    ]);
    clearTimeout(wait);
    if (!loaded) {
      // A load that failed is reported once per attempt; one still under way is no failure.
      if (entry.failed && !entry.reported) {
        entry.reported = true;
        failure('load', await entry.loading.catch((error) => error));
      }
      return null;
    }
  }
  // Paused after failures in a row: the client page at once (each failure was reported already).
  if (entry.pausedUntil > now()) return null;
  // The render has what is left of the budget; at its end the render's API calls are aborted.
  const remaining = Math.max(1, budgetMs - (now() - started));
  const controller = new AbortController();
  let timer;
  const budget = new Promise((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new BudgetError(budgetMs));
    }, remaining);
  });
  try {
    const result = await Promise.race([
      (async () => {
        const mod = await entry.loading;
        if (!mod.routes.some((/** @type {string} */ route) => routeMatches(route, pagePath))) return null;
        return mod.render({ pathname: pagePath, search, origin, apiBaseUrl, fetch: doFetch, signal: controller.signal });
      })(),
      budget,
    ]);
    const valid =
      result === null ||
      (typeof result === 'object' && Number.isInteger(result.status) && typeof result.html === 'string' && typeof result.head === 'string');
    if (!valid) throw new Error('render answered no page');
    entry.failuresInRow = 0;
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value);
    cache.set(url, { key, at: now(), result });
    return result;
  } catch (error) {
    failure(error instanceof BudgetError ? 'timeout' : 'mount', error);
    entry.failuresInRow += 1;
    if (entry.failuresInRow >= SERVER_RENDER_FAILURES_TO_PAUSE) {
      entry.pausedUntil = now() + SERVER_RENDER_PAUSE_MS;
      entry.failuresInRow = SERVER_RENDER_FAILURES_TO_PAUSE - 1;
      console.error(
        `[shell] server renders by ${remote.name}@${remote.version} paused for ${SERVER_RENDER_PAUSE_MS} ms after ${SERVER_RENDER_FAILURES_TO_PAUSE} failures in a row`,
      );
    }
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `</script` and `<!--` can never appear inside the embedded JSON (`<` as its JSON escape).
 * @param {unknown} value
 */
export function embeddedJson(value) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The shell's page with a server rendering in it: the head tags replace the shell's title, the
 * markup goes into a holder the shell moves into the slice's outlet (as with a prerendered page,
 * ADR 0024) until the slice renders its own, and the query cache goes into a JSON data block (no
 * script runs from it, so the CSP's script rules are untouched).
 * @param {string} html @param {string} pagePath @param {{ html: string, head: string, state: unknown }} rendered
 * @param {{ key: string, html: string, css: string } | null} [chrome] the front page's snapshot, whose chrome frames the page
 */
export function withServerRender(html, pagePath, rendered, chrome = null) {
  const boot = /<div id="shell-root">[\s\S]*?<\/div><\/div>/;
  if (!boot.test(html) || !rendered.html) return html;
  const attrPath = pagePath.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  let out = html;
  if (rendered.head) out = out.replace(/<title>[\s\S]*?<\/title>/, '').replace('</head>', () => `${rendered.head}</head>`);
  // Test ids are taken off, as from a snapshot (ADR 0024): the slice's own page is the one that
  // carries them, so a test (or the shell) never acts on markup about to be replaced. React writes
  // `"` in text and attribute values as &quot;, so the pattern matches attributes only.
  const markup = rendered.html.replace(/ data-testid="[^"]*"/g, '');
  const holder = `<div ${PRERENDER_OUTLET_ATTR}="${attrPath}" data-server-rendered="">${markup}</div>`;
  const framed = chrome ? inChrome(chrome.html, holder) : null;
  if (chrome && framed !== null) {
    // The shell's header and footer around it, from the front page's snapshot of the same shell
    // build and slice version (ADR 0024), so nothing moves when the shell renders its own chrome.
    const css = chrome.css.replace(/<\/(style)/gi, '<\\/$1');
    out = out.replace('</head>', () => `<style id="rendime-prerender-css" data-prerender-key="${chrome.key}">${css}</style></head>`);
    out = out.replace(boot, () => `<div id="shell-root">${framed}</div>`);
  } else {
    out = out.replace(boot, () => `<div id="shell-root">${holder}</div>`);
  }
  if (rendered.state)
    out = out.replace(
      '</body>',
      () =>
        `<script type="application/json" id="${SERVER_STATE_ID}" data-path="${attrPath}">${embeddedJson(rendered.state)}</script></body>`,
    );
  return out;
}

/**
 * A snapshot's markup with its outlet holder (`<div data-prerender-outlet=…>`, to its matching
 * `</div>`) replaced by `holder`; null when the snapshot has no holder. The snapshot is markup a
 * browser serialised, so its divs nest properly.
 * @param {string} snapshotHtml @param {string} holder
 */
export function inChrome(snapshotHtml, holder) {
  const start = snapshotHtml.indexOf(`<div ${PRERENDER_OUTLET_ATTR}=`);
  if (start < 0) return null;
  const tags = /<(\/?)div\b[^>]*>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(snapshotHtml); m; m = tags.exec(snapshotHtml)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return snapshotHtml.slice(0, start) + holder + snapshotHtml.slice(m.index + m[0].length);
  }
  return null;
}
