// The landing page painted before JS (issue 16, ADR 0024). When a release is published, headless
// chromium loads the front page through the live shell and the live remotes (temporary servers,
// as the smoke mount does), as an anonymous visitor with no data, and keeps what the page looks
// like: the shell's chrome and, of the outlet, only the elements the slice marks `data-prerender`
// (the hero: text, a form and links, nothing data-dependent), plus every CSS rule the page has
// inserted (Emotion writes Chakra's rules through the CSSOM, so the style tags themselves are
// empty). The result is stored in the registry under a key of the shell's build and the version of
// the slice that owns the route; the shell's server puts it into the page only while that key is
// the live one, so a new release or shell build never gets an older snapshot.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { manifestPath } from './registry.mjs';
import { routeMatches } from './route-match.mjs';

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

/** @param {string} registryDir */
export function prerenderDir(registryDir) {
  return path.join(registryDir, 'prerender');
}

/**
 * The live remote that owns a page path (the first whose routes match it), if any.
 * @param {any} manifest a release manifest as read (its entries are checked here) @param {string} pagePath
 * @returns {{ name: string, version: string, entry: string, routes: string[], serverRoutes?: unknown, serverEntry?: string } | null}
 */
export function ownerOf(manifest, pagePath) {
  return (
    (manifest?.remotes ?? []).find(
      (/** @type {any} */ r) => Array.isArray(r?.routes) && r.routes.some((/** @type {string} */ route) => routeMatches(route, pagePath)),
    ) ?? null
  );
}

/** @type {Map<string, { stamp: string, hash: string }>} */
const shellHashCache = new Map();
/**
 * A hash of the shell's build: index.html and main.js (not content-hashed itself, but it names
 * every hashed chunk, so any change of the shell's code changes it). Cached by size and mtime.
 * @param {string} shellDist
 */
export function shellBuildHash(shellDist) {
  const files = ['index.html', 'main.js'].map((f) => path.join(shellDist, f));
  const stamp = files
    .map((f) => {
      try {
        const s = fs.statSync(f);
        return `${s.size}:${s.mtimeMs}`;
      } catch {
        return 'missing';
      }
    })
    .join('|');
  const cached = shellHashCache.get(shellDist);
  if (cached?.stamp === stamp) return cached.hash;
  const hash = crypto.createHash('sha256');
  for (const f of files) hash.update(fs.existsSync(f) ? fs.readFileSync(f) : Buffer.alloc(0)).update('\0');
  const value = hash.digest('hex').slice(0, 16);
  shellHashCache.set(shellDist, { stamp, hash: value });
  return value;
}

/**
 * The key of a page's snapshot: the page, the shell's build and the owning slice's live version.
 * @param {{ pagePath: string, shellHash: string, remote: { name: string, version: string } }} o
 */
export function prerenderKey({ pagePath, shellHash, remote }) {
  return crypto.createHash('sha256').update(`${pagePath}\0${shellHash}\0${remote.name}@${remote.version}`).digest('hex').slice(0, 20);
}

export const fileOf = (/** @type {string} */ registryDir, /** @type {string} */ key) => path.join(prerenderDir(registryDir), `${key}.json`);

/** Stored records by file, parsed once (a key's file is written once, by rename). */
/** @type {Map<string, any>} */
const records = new Map();
/** @param {string} file @returns {any} a stored record, checked field by field by its readers */
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
 * @param {{ registryDir: string, shellDist: string, pagePath: string, manifest: any }} o
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
  /** @type {Map<string, any>} */
  const live = new Map((manifest?.remotes ?? []).map((/** @type {any} */ r) => [r.name, r]));
  return stored.scripts.flatMap((/** @type {any} */ sc) => {
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
