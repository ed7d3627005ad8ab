// /robots.txt and /sitemap.xml, served by the shell's server (issue 28, ADR 0041). The pages a
// sitemap names are the slices' own: each live remote whose server entry exports `sitemap`
// gives its paths (mf-public: its public pages and every product a visitor can open, from the
// API). The shell writes the XML with the site's origin, splits it at the sitemaps.org limit and
// keeps it a short while per live release.
import { serverEntryFile, loadServerModule } from './server-render.mjs';

/** sitemaps.org: at most 50 000 URLs (and 50 MB) in one sitemap file; more go into numbered files under an index. */
export const SITEMAP_MAX_URLS = 50_000;
/** How long a written sitemap is reused for the same live release (a publish or rollback changes the key). */
export const SITEMAP_CACHE_MS = 5 * 60_000;
/** How long the slices together may take to name their pages (the API lists every product). */
export const SITEMAP_BUDGET_MS = 10_000;

/** An origin the site may be named by: scheme, host and port only, or null. */
export function originOf(value) {
  if (typeof value !== 'string' || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
}

/**
 * The site's public origin for absolute URLs in pages, robots.txt and sitemaps: the configured one
 * (RENDIME_PUBLIC_ORIGIN, which a deployment sets) when there is one. Without it, the request's
 * Host only when it names this machine (localhost, 127.x.x.x or [::1], with an optional port): a
 * local platform's pages then name the address they were opened at. Any other Host, forged or
 * not, gets the address the server listens on, so no request can write another site's URLs into
 * an answer that a shared cache keyed by path might hand to others.
 * @param {string | undefined} configured @param {{ protocol: string, headers: Record<string, unknown> }} req @param {string} fallbackHost
 */
export function siteOrigin(configured, req, fallbackHost) {
  const fixed = originOf(configured);
  if (fixed) return fixed;
  const host = String(req.headers.host ?? '');
  const loopback = /^(?:localhost|127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|\[::1\])(?::\d{1,5})?$/i;
  const scheme = req.protocol === 'https' ? 'https' : 'http';
  return `${scheme}://${loopback.test(host) ? host.toLowerCase() : fallbackHost}`;
}

/** Everything public but the signed-in area, the API and the platform's own endpoints; names the sitemap. */
export function robotsTxt(origin) {
  return ['User-agent: *', 'Allow: /', 'Disallow: /auth', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** Text for XML content and attribute values. */
export function xmlEscape(value) {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/**
 * An entry a slice gave, as a URL on this site, or null: only a path on the site (never another
 * origin), and `lastmod` only when it is a date.
 * @param {unknown} entry @param {string} origin
 * @returns {{ loc: string, lastmod?: string } | null}
 */
function urlOf(entry, origin) {
  const p = /** @type {{ path?: unknown, lastmod?: unknown }} */ (entry)?.path;
  if (typeof p !== 'string' || !p.startsWith('/') || p.startsWith('//') || p.length > 2000) return null;
  const url = new URL(p, origin);
  if (url.origin !== origin) return null;
  const lastmod = /** @type {{ lastmod?: unknown }} */ (entry).lastmod;
  const date = typeof lastmod === 'string' && !Number.isNaN(Date.parse(lastmod)) ? new Date(lastmod).toISOString() : undefined;
  return { loc: url.href, ...(date ? { lastmod: date } : {}) };
}

/** One sitemap file (`<urlset>`) of at most SITEMAP_MAX_URLS URLs. */
export function urlsetXml(urls) {
  if (urls.length > SITEMAP_MAX_URLS) throw new Error(`a sitemap file holds at most ${SITEMAP_MAX_URLS} URLs`);
  const items = urls.map(
    (u) => `<url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${xmlEscape(u.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</urlset>\n`;
}

/** A sitemap index naming `count` numbered sitemap files (/sitemap-1.xml …). */
export function sitemapIndexXml(origin, count) {
  const items = Array.from({ length: count }, (_, i) => `<sitemap><loc>${xmlEscape(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/**
 * The site's sitemap as files: with at most SITEMAP_MAX_URLS URLs, `/sitemap.xml` is the one
 * `<urlset>`; with more, it is an index and the URLs go into `/sitemap-<n>.xml` of at most that
 * many each. Duplicates (two slices naming one page) are named once.
 * @param {unknown[]} entries @param {string} origin
 * @returns {{ index: string, parts: string[] }}
 */
export function sitemapFiles(entries, origin) {
  const seen = new Set();
  const urls = [];
  for (const entry of entries) {
    const url = urlOf(entry, origin);
    if (!url || seen.has(url.loc)) continue;
    seen.add(url.loc);
    urls.push(url);
  }
  if (urls.length <= SITEMAP_MAX_URLS) return { index: urlsetXml(urls), parts: [] };
  const parts = [];
  for (let i = 0; i < urls.length; i += SITEMAP_MAX_URLS) parts.push(urlsetXml(urls.slice(i, i + SITEMAP_MAX_URLS)));
  return { index: sitemapIndexXml(origin, parts.length), parts };
}

/**
 * The sitemap of the live release, from the slices' `sitemap` exports, cached per origin for
 * `cacheMs` under the release. A slice whose sitemap fails (its API away, a timeout) keeps the last
 * good sitemap being served (whatever its age): a sitemap without products would tell crawlers
 * less than an old one. With none to keep, the answer is null (the caller says 503).
 */
export function sitemapService({ registryDir, budgetMs = SITEMAP_BUDGET_MS, cacheMs = SITEMAP_CACHE_MS, now = Date.now }) {
  /** origin → { key, at, files } */
  const cache = new Map();
  /** origin → a build under way, so a burst of crawlers asks the API once */
  const building = new Map();

  /** @param {any} manifest @param {string} origin @param {string} apiBaseUrl @param {typeof fetch} doFetch */
  async function build(manifest, origin, apiBaseUrl, doFetch) {
    const controller = new AbortController();
    let timer;
    const budget = new Promise((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Error(`the slices named no pages within ${budgetMs} ms`));
      }, budgetMs);
    });
    try {
      const lists = await Promise.race([
        Promise.all(
          (manifest?.remotes ?? []).map(async (remote) => {
            const file = serverEntryFile(registryDir, remote);
            if (!file) return [];
            const mod = /** @type {{ sitemap?: (o: object) => Promise<unknown> } | undefined} */ (await loadServerModule(file).loading);
            if (typeof mod?.sitemap !== 'function') return [];
            const entries = await mod.sitemap({ apiBaseUrl, fetch: doFetch, signal: controller.signal });
            if (!Array.isArray(entries)) throw new Error(`${remote.name}@${remote.version}: sitemap() answered no list`);
            return entries;
          }),
        ),
        budget,
      ]);
      return sitemapFiles(lists.flat(), origin);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * @param {{ manifest: any, origin: string, apiBaseUrl: string, fetch?: typeof fetch }} o
   * @returns {Promise<{ index: string, parts: string[] } | null>}
   */
  return async function sitemap({ manifest, origin, apiBaseUrl, fetch: doFetch = fetch }) {
    const key = `${manifest?.release}\0${(manifest?.remotes ?? []).map((r) => `${r?.name}@${r?.version}`).join(',')}`;
    const hit = cache.get(origin);
    if (hit && hit.key === key && now() - hit.at < cacheMs) return hit.files;
    let pending = building.get(origin);
    if (!pending || pending.key !== key) {
      const promise = build(manifest, origin, apiBaseUrl, doFetch).then(
        (files) => {
          // A bounded number of origins (configured one, or the few hosts the site answers to).
          if (cache.size >= 20 && !cache.has(origin)) cache.delete(cache.keys().next().value);
          cache.set(origin, { key, at: now(), files });
          return files;
        },
        (error) => {
          console.error(`[shell] sitemap of ${origin} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
          return hit?.files ?? null;
        },
      );
      const started = { key, promise };
      building.set(origin, started);
      void promise.finally(() => building.get(origin) === started && building.delete(origin));
      pending = started;
    }
    return pending.promise;
  };
}
