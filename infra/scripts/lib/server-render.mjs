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
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { routeMatches } from './route-match.mjs';
import { ownerOf, PRERENDER_OUTLET_ATTR } from './prerender.mjs';
import { withoutUnusedClassRules } from './unused-css.mjs';

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
 * @type {Map<string, { loading: Promise<any>, ready: boolean, failed: boolean, failedAt: number, reported: boolean, failuresInRow: number, pausedUntil: number, statusFailuresInRow: number, statusPausedUntil: number }>}
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
    const entry = {
      loading,
      ready: false,
      failed: false,
      failedAt: 0,
      reported: false,
      failuresInRow: 0,
      pausedUntil: 0,
      statusFailuresInRow: 0,
      statusPausedUntil: 0,
    };
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
 * The versions whose server entries may render a remote's pages, in the browser's order
 * (remote-lifecycles' candidatesOf): the live one, then the manifest's previous good ones, each
 * once, with its stored entry file or null.
 * @param {string} registryDir @param {any} remote a manifest entry
 * @returns {{ name: string, version: string, file: string | null }[]}
 */
export function serverCandidates(registryDir, remote) {
  const fallbacks = Array.isArray(remote?.fallbacks) ? remote.fallbacks : [];
  const seen = new Set();
  return [remote, ...fallbacks]
    .filter((/** @type {any} */ c) => typeof c?.version === 'string' && !seen.has(c.version) && seen.add(c.version))
    .map((/** @type {any} */ c) => ({
      name: remote.name,
      version: c.version,
      file: serverEntryFile(registryDir, { name: remote.name, version: c.version }),
    }));
}

/**
 * Starts loading (and warming) the server entries of the live remotes that have one, so the first
 * visitor of a version is not the one who waits for it; then the first previous good version's
 * with one, which renders when the live one's render fails (after a publish it is usually loaded
 * already, as the version that was live). Cheap to call on every request.
 * @param {string} registryDir @param {any} manifest the live release manifest as read (entries checked by serverEntryFile)
 */
export function warmServerEntries(registryDir, manifest) {
  for (const remote of manifest?.remotes ?? []) {
    const [live, ...previous] = serverCandidates(registryDir, remote);
    const fallback = previous.find((c) => c.file);
    if (live?.file) {
      const entry = loadServerModule(live.file);
      // After the live one: two warm-ups at once would slow the one visitors wait for.
      if (fallback?.file && !modules.has(fallback.file)) {
        const file = fallback.file;
        entry.loading.finally(() => loadServerModule(file)).catch(() => {});
      }
    } else if (fallback?.file) loadServerModule(fallback.file);
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
/** Page statuses looked up without a render: url → { key, at, status }. */
const statusCache = new Map();
export function clearServerRenderCache() {
  cache.clear();
  statusCache.clear();
}

/**
 * How long the status lookup (the slice's `status()`, one API call) may take when a page is served
 * client-rendered; without an answer the page answers 200 as before.
 */
export const SERVER_STATUS_BUDGET_MS = 150;

/** @param {Map<string, any>} map @param {string} url @param {any} value */
function remember(map, url, value) {
  map.delete(url);
  const oldest = map.keys().next();
  if (map.size >= CACHE_MAX && !oldest.done) map.delete(oldest.value);
  map.set(url, value);
}

/** @param {unknown} error */
const firstLine = (error) => (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 300);

/**
 * The server rendering of a page for an anonymous visitor, or null (not rendered: the page is
 * served client-rendered). A result with empty `html` is a status only (404/410): the page is the
 * client-rendered one with that status.
 *
 * The live version's entry renders first. When it throws, hangs past the budget, cannot load, is
 * paused after failures or is missing, the manifest's previous good versions' entries are tried in
 * order, as the browser's mount falls back (remote-lifecycles.tsx), with what is left of the
 * budget (a fallback is not started with less than a quarter of it). The result names the version
 * that rendered it (`remote`, `version`): the browser takes its query cache only when it mounts
 * that version (ADR 0041). When no version renders, the slice's `status()` of a loaded version
 * still tells a crawler that a product is gone (within SERVER_STATUS_BUDGET_MS, cached like the
 * HTML; no answer: 200).
 *
 * `report` hears of every failure with the shape of the browser's RemoteLoadReport (servedVersion:
 * the version whose render was served, or null). Results are cached per URL for `cacheMs` under the
 * live release's key, so a publish or rollback is seen on the next request.
 * `pageGlobals`: the shell's page has the platform's global CSS (ADR 0055), so the slice's markup
 * need not carry it (pageHasGlobals).
 * With `stream`, a slice that can stream (its result has a `body`) answers once its data are in:
 * the result then has `markup()`, which reads the rendered markup within what is left of the
 * budget (null when it fails or runs out: reported and counted like a failed render), and puts
 * the complete page into the cache; the caller sends the document's head meanwhile.
 * @param {{ registryDir: string, manifest: any, pagePath: string, search?: string, origin: string, apiBaseUrl: string, fetch?: typeof fetch, budgetMs?: number, statusBudgetMs?: number, cacheMs?: number, now?: () => number, report?: (r: object) => void, stream?: boolean, pageGlobals?: boolean }} o
 * @returns {Promise<import('./server-render.types.mjs').ServerRendered | null>}
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
  statusBudgetMs = SERVER_STATUS_BUDGET_MS,
  cacheMs = SERVER_RENDER_CACHE_MS,
  now = Date.now,
  report = () => {},
  stream = false,
  pageGlobals = false,
}) {
  const remote = ownerOf(manifest, pagePath);
  if (!remote) return null;
  // The routes its descriptor says it renders (recorded by the registry); an older entry without
  // the field is asked for every path and answers null for what it does not render.
  const declared = Array.isArray(remote.serverRoutes) ? remote.serverRoutes : null;
  if (declared && !declared.some((/** @type {string} */ r) => routeMatches(r, pagePath))) return null;
  const candidates = serverCandidates(registryDir, remote);
  if (!candidates.some((c) => c.file)) {
    // A version whose manifest entry names a server entry that is not stored is a broken upload:
    // served client-side and reported once, like a load that failed. Without the field: a slice
    // that renders nothing on the server, nothing to report.
    if (remote.serverEntry && !missingReported.has(`${remote.name}@${remote.version}`)) {
      missingReported.add(`${remote.name}@${remote.version}`);
      const message = `server render: ${remote.name}@${remote.version} has no server entry`;
      console.error(`[shell] ${message} (${remote.serverEntry})`);
      report({
        remote: remote.name,
        version: remote.version,
        outcome: 'load',
        servedVersion: null,
        durationMs: 0,
        message,
        path: pagePath.slice(0, 300),
        release: String(manifest.release).slice(0, 40),
      });
    }
    return null;
  }
  // A render made for a page without the platform's global CSS carries its own copy: never reused
  // for a page that has it, nor the other way round (a shell swapped or rolled back in place).
  const key = `${manifest.release}\0${remote.name}@${remote.version}\0${pageGlobals ? 'globals' : 'own-globals'}`;
  // The origin too: without a configured one it comes from the Host header, which must not reach another visitor's page.
  const url = `${origin}${pagePath}${search}`;
  const hit = cache.get(url);
  if (hit && hit.key === key && now() - hit.at < cacheMs) return hit.result;
  const started = now();
  /** @type {{ version: string, outcome: string, durationMs: number, message: string }[]} */
  const failures = [];
  const fail = (
    /** @type {{ version: string }} */ c,
    /** @type {string} */ outcome,
    /** @type {unknown} */ error,
    /** @type {number} */ at,
  ) => {
    const message = firstLine(error);
    console.error(`[shell] server render of ${url} by ${remote.name}@${c.version} failed: ${message}`);
    failures.push({ version: c.version, outcome, durationMs: Math.max(0, Math.round(now() - at)), message });
  };
  const sendReports = (/** @type {string | null} */ servedVersion) => {
    for (const f of failures.splice(0))
      report({
        remote: remote.name,
        version: f.version,
        outcome: f.outcome,
        servedVersion,
        durationMs: f.durationMs,
        message: `server render: ${f.message}`.slice(0, 300),
        path: pagePath.slice(0, 300),
        release: String(manifest.release).slice(0, 40),
      });
  };
  /** the modules that loaded, for the status lookup when none renders */
  const loaded = [];
  for (const [index, c] of candidates.entries()) {
    const left = budgetMs - (now() - started);
    if (index > 0 && left < budgetMs / 4) break;
    if (!c.file) {
      // Missing from the live version (a build or upload without its server folder) while an
      // earlier version has one: reported once per version, like a load that failed.
      if (!missingReported.has(`${remote.name}@${c.version}`)) {
        missingReported.add(`${remote.name}@${c.version}`);
        fail(c, 'load', new Error(`${remote.name}@${c.version} has no server entry`), now());
      }
      continue;
    }
    const entry = loadServerModule(c.file);
    if (!entry.ready) {
      // A version just published or a server just started: the load (and its warm-up render) may
      // take longer than the budget. The visitor waits at most the budget for it; the load goes on.
      let wait;
      const ready = await Promise.race([
        entry.loading.then(
          () => true,
          () => false,
        ),
        new Promise((resolve) => (wait = setTimeout(resolve, Math.max(1, left), false))),
      ]);
      clearTimeout(wait);
      if (!ready) {
        // A load still under way is no failure, and the budget is gone: the client page.
        if (!entry.failed) break;
        // A load that failed is reported once per attempt.
        if (!entry.reported) {
          entry.reported = true;
          fail(c, 'load', await entry.loading.catch((error) => error), started);
        }
        continue;
      }
    }
    const mod = await entry.loading;
    loaded.push({ c, entry, mod });
    // Paused after failures in a row (each was reported already): the next version at once.
    if (entry.pausedUntil > now()) continue;
    const attempt = await renderWithin(
      mod,
      Math.max(1, budgetMs - (now() - started)),
      {
        pathname: pagePath,
        search,
        origin,
        apiBaseUrl,
        fetch: doFetch,
        ...(stream ? { stream: true } : {}),
        ...(pageGlobals ? { pageGlobals: true } : {}),
      },
      now,
    );
    if ('result' in attempt && attempt.result?.body) {
      // Streaming: the data are in and the status known; the markup is being rendered.
      const { body, ...page } = attempt.result;
      const result = { ...page, html: '', remote: remote.name, version: c.version };
      sendReports(c.version);
      const deadline = started + budgetMs;
      result.markup = async () => {
        const at = now();
        try {
          const markup = await readWithin(body, Math.max(1, deadline - now()));
          entry.failuresInRow = 0;
          const { markup: _m, ...complete } = result;
          remember(cache, url, { key, at: now(), result: { ...complete, html: markup } });
          return markup;
        } catch (error) {
          fail(c, error instanceof BudgetError ? 'timeout' : 'mount', error, at);
          sendReports(null);
          failedRender(entry, remote.name, c.version);
          return null;
        }
      };
      return result;
    }
    if ('result' in attempt) {
      entry.failuresInRow = 0;
      const result = attempt.result && { ...attempt.result, remote: remote.name, version: c.version };
      sendReports(result ? c.version : null);
      remember(cache, url, { key, at: now(), result });
      return result;
    }
    fail(c, attempt.timeout ? 'timeout' : 'mount', attempt.error, attempt.startedAt);
    failedRender(entry, remote.name, c.version, now);
  }
  sendReports(null);
  if (failures.length > 0) console.error(`[shell] ${url}: serving it client-rendered`);
  const status = await statusWithout(loaded, { url, key, pagePath, apiBaseUrl, fetch: doFetch, statusBudgetMs, cacheMs, now });
  return status === null || status === 200 ? null : { status, html: '', head: '', state: null, remote: remote.name, version: null };
}

/**
 * Counts a failed render; after SERVER_RENDER_FAILURES_TO_PAUSE in a row the version's renders pause.
 * @param {any} entry @param {string} name @param {string} version @param {() => number} [now]
 */
function failedRender(entry, name, version, now = Date.now) {
  entry.failuresInRow += 1;
  if (entry.failuresInRow < SERVER_RENDER_FAILURES_TO_PAUSE) return;
  entry.pausedUntil = now() + SERVER_RENDER_PAUSE_MS;
  entry.failuresInRow = SERVER_RENDER_FAILURES_TO_PAUSE - 1;
  console.error(
    `[shell] server renders by ${name}@${version} paused for ${SERVER_RENDER_PAUSE_MS} ms after ${SERVER_RENDER_FAILURES_TO_PAUSE} failures in a row`,
  );
}

/**
 * A slice's streamed markup as one string, read within `ms`; at the budget the stream is destroyed
 * (the slice aborts its render) and BudgetError thrown. The stream's own error is thrown as it is.
 * @param {NodeJS.ReadableStream & { destroy?: (error?: Error) => void }} body @param {number} ms
 * @returns {Promise<string>}
 */
async function readWithin(body, ms) {
  let timer;
  const chunks = /** @type {Buffer[]} */ ([]);
  try {
    return await Promise.race([
      (async () => {
        for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
        return Buffer.concat(chunks).toString('utf8');
      })(),
      new Promise((_, reject) => {
        timer = setTimeout(() => {
          body.destroy?.();
          reject(new BudgetError(ms));
        }, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Versions whose missing server entry was reported (once each per process). */
const missingReported = new Set();

/**
 * One render by a loaded `./server` module within `ms`; at the end its API calls are aborted.
 * @param {any} mod @param {number} ms @param {object} request @param {() => number} now
 * @returns {Promise<{ result: any } | { error: unknown, timeout: boolean, startedAt: number }>}
 */
async function renderWithin(mod, ms, request, now) {
  const startedAt = now();
  const controller = new AbortController();
  let timer;
  const budget = new Promise((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new BudgetError(ms));
    }, ms);
  });
  try {
    const result = await Promise.race([
      (async () => {
        const { pathname } = /** @type {{ pathname: string }} */ (request);
        if (!mod.routes.some((/** @type {string} */ route) => routeMatches(route, pathname))) return null;
        return mod.render({ ...request, signal: controller.signal });
      })(),
      budget,
    ]);
    const valid =
      result === null ||
      (typeof result === 'object' && Number.isInteger(result.status) && typeof result.html === 'string' && typeof result.head === 'string');
    if (!valid) throw new Error('render answered no page');
    return { result };
  } catch (error) {
    return { error, timeout: error instanceof BudgetError, startedAt };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The page's status when no version rendered it: the first loaded module's `status()` (one API
 * call, no React) within its own short budget, cached like the HTML; null when unknown (no module
 * with `status`, a throw, no answer in time). Lookups that keep failing pause like renders.
 * @param {{ c: { version: string }, entry: any, mod: any }[]} loaded
 * @param {{ url: string, key: string, pagePath: string, apiBaseUrl: string, fetch: typeof fetch, statusBudgetMs: number, cacheMs: number, now: () => number }} o
 * @returns {Promise<number | null>}
 */
async function statusWithout(loaded, { url, key, pagePath, apiBaseUrl, fetch: doFetch, statusBudgetMs, cacheMs, now }) {
  const hit = statusCache.get(url);
  if (hit && hit.key === key && now() - hit.at < cacheMs) return hit.status;
  const found = loaded.find((l) => typeof l.mod.status === 'function');
  if (!found || found.entry.statusPausedUntil > now()) return null;
  const controller = new AbortController();
  let timer;
  try {
    const status = await Promise.race([
      found.mod.status({ pathname: pagePath, apiBaseUrl, fetch: doFetch, signal: controller.signal }),
      new Promise((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new BudgetError(statusBudgetMs));
        }, statusBudgetMs);
      }),
    ]);
    found.entry.statusFailuresInRow = 0;
    const known = Number.isInteger(status) && status >= 200 && status < 600 ? status : null;
    if (known !== null) remember(statusCache, url, { key, at: now(), status: known });
    return known;
  } catch (error) {
    console.error(`[shell] status of ${url} unknown (${firstLine(error)}); answering 200`);
    found.entry.statusFailuresInRow = (found.entry.statusFailuresInRow ?? 0) + 1;
    if (found.entry.statusFailuresInRow >= SERVER_RENDER_FAILURES_TO_PAUSE) {
      found.entry.statusPausedUntil = now() + SERVER_RENDER_PAUSE_MS;
      found.entry.statusFailuresInRow = SERVER_RENDER_FAILURES_TO_PAUSE - 1;
    }
    return null;
  } finally {
    clearTimeout(timer);
  }
}

const MARKUP_PLACE = '\u0000rendime-markup\u0000';

/**
 * The shell's page for a streamed render, cut where the markup goes. `prefix` (the document up to
 * `#shell-root`: the slice's head tags, the LCP image's preload, the shell's and the slice's
 * script preloads, the chrome's CSS) is sent as soon as the data are known; then `page(markup)`
 * once the markup is complete, or `clientPage` when it is not: the same holder left empty (in the
 * front page's chrome when there is one), into whose outlet the slice renders as on a
 * client-rendered page, with the query cache (its data are good: only the markup failed).
 * Null when the shell's page has no boot element (then nothing is streamed).
 * @param {string} html @param {string} pagePath
 * @param {{ head: string, state: unknown, remote?: string, version?: string | null }} rendered
 * @param {{ key: string, html: string, css: string } | null} [chrome]
 * @returns {{ prefix: string, page: (markup: string) => string, clientPage: string } | null}
 */
export function streamedPage(html, pagePath, rendered, chrome = null) {
  const doc = withServerRender(html, pagePath, { ...rendered, html: MARKUP_PLACE }, chrome);
  const root = doc.indexOf('<div id="shell-root">');
  const place = doc.indexOf(MARKUP_PLACE);
  if (root < 0 || place < root) return null;
  const before = doc.slice(root, place);
  const after = doc.slice(place + MARKUP_PLACE.length);
  return {
    prefix: doc.slice(0, root),
    page: (markup) => before + forPaintedPage(markup) + after,
    clientPage: before + after,
  };
}

/**
 * The encoding a page goes out in for this Accept-Encoding: brotli, else gzip, else none.
 * @param {string | string[] | undefined} acceptEncoding
 * @returns {'br' | 'gzip' | null}
 */
export function pageEncoding(acceptEncoding) {
  /** @type {Record<string, number>} */
  const q = {};
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) q[name] = weight === undefined ? 1 : Number(weight);
  }
  if ((q.br ?? 0) > 0) return 'br';
  if ((q.gzip ?? 0) > 0) return 'gzip';
  return null;
}

/** Brotli's text mode at quality 4: a page's worth takes about a millisecond, not quality 11's tens. */
const BROTLI_PAGE = {
  params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
};

/**
 * A page's response body compressed as the visitor accepts (brotli, else gzip, else none), whose
 * `flush()` sends what was written so far at once: @fastify/compress buffers a stream until its
 * compressor's window fills, which would hold the head back until the markup comes.
 * @param {string | string[] | undefined} acceptEncoding
 * @returns {{ stream: import('node:stream').Writable & NodeJS.ReadableStream, encoding: 'br' | 'gzip' | null, flush: () => void }}
 */
export function pageStream(acceptEncoding) {
  const encoding = pageEncoding(acceptEncoding);
  if (encoding === 'br') {
    const br = zlib.createBrotliCompress(BROTLI_PAGE);
    return { stream: br, encoding, flush: () => br.flush() };
  }
  if (encoding === 'gzip') {
    const gz = zlib.createGzip();
    return { stream: gz, encoding, flush: () => gz.flush(zlib.constants.Z_SYNC_FLUSH) };
  }
  return { stream: new PassThrough(), encoding, flush: () => {} };
}

/**
 * A whole page, encoded as the visitor accepts. Pages are the shell server's not-found handler's
 * answers, which @fastify/compress never sees (it hooks routes as they are added): the front
 * page's snapshot went out as 88 KB of plain HTML before (issue 28).
 * @param {string} html
 * @param {string | string[] | undefined} acceptEncoding
 * @returns {{ body: string | Buffer, encoding: 'br' | 'gzip' | null }}
 */
export function encodedPage(html, acceptEncoding) {
  const encoding = pageEncoding(acceptEncoding);
  if (encoding === 'br') return { body: zlib.brotliCompressSync(html, BROTLI_PAGE), encoding };
  if (encoding === 'gzip') return { body: zlib.gzipSync(html), encoding };
  return { body: html, encoding };
}

/**
 * The slice's markup as the page carries it until the slice renders its own (ADR 0052):
 * - Test ids are taken off, as from a snapshot (ADR 0024): the slice's own page is the one that
 *   carries them, so a test (or the shell) never acts on markup about to be replaced. React writes
 *   `"` in text and attribute values as &quot;, so the pattern matches attributes only.
 * - Emotion's style elements lose their `data-emotion` mark and stay plain style elements where
 *   they are. Marked, Emotion's cache takes every one of them into the head when its module
 *   loads (they would be in the way of a hydration this page never does): 45-50 sheets moved at
 *   once, a style recalculation of the whole painted page in the start's busiest moment (674
 *   elements, 45-200 ms under a phone's 4x CPU). Plain, they style the painted page until the
 *   slice's own render, whose rules Emotion then inserts itself, and go with the painted markup.
 * @param {string} markup
 */
const forPaintedPage = (markup) => markup.replace(/ data-testid="[^"]*"/g, '').replace(/<style data-emotion="[^"]*"/g, '<style');

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
 * @param {string} html @param {string} pagePath @param {{ html: string, head: string, state: unknown, remote?: string, version?: string | null }} rendered
 * @param {{ key: string, html: string, css: string } | null} [chrome] the front page's snapshot, whose chrome frames the page
 */
export function withServerRender(html, pagePath, rendered, chrome = null) {
  const boot = /<div id="shell-root">[\s\S]*?<\/div><\/div>/;
  if (!boot.test(html) || !rendered.html) return html;
  const escape = (/** @type {string} */ v) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const attrPath = escape(pagePath);
  let out = html;
  if (rendered.head) out = out.replace(/<title>[\s\S]*?<\/title>/, '').replace('</head>', () => `${rendered.head}</head>`);
  const markup = forPaintedPage(rendered.html);
  const holder = `<div ${PRERENDER_OUTLET_ATTR}="${attrPath}" data-server-rendered="">${markup}</div>`;
  const framed = chrome ? inChrome(chrome.html, holder) : null;
  if (chrome && framed !== null) {
    // The shell's header and footer around it, from the front page's snapshot of the same shell
    // build and slice version (ADR 0024), so nothing moves when the shell renders its own chrome.
    // Only the snapshot's rules this page's markup can use: the front page's own sections' rules
    // were two thirds of it (product page 46 -> 19 KB of CSS before the first paint, ADR 0056).
    // A streamed page is pruned against its chrome alone (its markup is not here yet): the slice's
    // server markup carries Emotion's own style tags for every class it uses either way.
    const css = withoutUnusedClassRules(chrome.css, framed).replace(/<\/(style)/gi, '<\\/$1');
    out = out.replace('</head>', () => `<style id="rendime-prerender-css" data-prerender-key="${chrome.key}">${css}</style></head>`);
    out = out.replace(boot, () => `<div id="shell-root">${framed}</div>`);
  } else {
    out = out.replace(boot, () => `<div id="shell-root">${holder}</div>`);
  }
  // The version that rendered it: the browser takes the cache only when it mounts that version.
  const versionAttrs =
    rendered.remote && rendered.version ? ` data-remote="${escape(rendered.remote)}" data-version="${escape(rendered.version)}"` : '';
  if (rendered.state)
    out = out.replace(
      '</body>',
      () =>
        `<script type="application/json" id="${SERVER_STATE_ID}" data-path="${attrPath}"${versionAttrs}>${embeddedJson(rendered.state)}</script></body>`,
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
  const end = start < 0 ? -1 : divEnd(snapshotHtml, start);
  return end < 0 ? null : snapshotHtml.slice(0, start) + holder + snapshotHtml.slice(end);
}

/**
 * Where the div that opens at `start` ends (just past its matching `</div>`), or -1. For markup a
 * browser serialised (a snapshot), whose divs nest properly.
 * @param {string} html @param {number} start
 */
export function divEnd(html, start) {
  const tags = /<(\/?)div\b[^>]*>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  return -1;
}

/**
 * Whether a shell page's HTML carries the platform's global CSS (ADR 0055). Stricter than the
 * browser's check (shell/src/model/page-globals.ts) on purpose: a page this misses only gets the
 * slice's own copy as well, never none.
 * @param {string} html
 */
export function htmlHasGlobals(html) {
  return /<style id="rendime-platform-globals"[^>]*>@layer reset,base,tokens,recipes;/.test(html);
}

/**
 * Whether the shell's index.html carries the platform's global CSS, read again only when the file
 * changes (its size or time, as shellBuildHash); false when it cannot be read.
 * @type {{ file: string, stamp: string, has: boolean } | null}
 */
let globalsSeen = null;
/** @param {string} shellDist */
export function pageHasGlobals(shellDist) {
  const file = path.join(shellDist, 'index.html');
  try {
    const { size, mtimeMs } = fs.statSync(file);
    const stamp = `${size}:${mtimeMs}`;
    if (globalsSeen?.file !== file || globalsSeen.stamp !== stamp)
      globalsSeen = { file, stamp, has: htmlHasGlobals(fs.readFileSync(file, 'utf8')) };
    return globalsSeen.has;
  } catch {
    return false;
  }
}
