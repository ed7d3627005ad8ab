// Static servers for the shell and each remote. Each remote gets its own origin, as if deployed by
// its team to its own host; the shell's server also serves the release manifest and forwards /api.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import httpProxy from '@fastify/http-proxy';
import compress from '@fastify/compress';
import { manifestPath } from './registry.mjs';

/** @typedef {import('fastify').FastifyReply} Reply */
/** @typedef {import('fastify').FastifyRequest} Request */
/** @typedef {import('./servers.types.mjs').ShellServerOptions} ShellServerOptions */
/** @typedef {import('./servers.types.mjs').RemoteServerOptions} RemoteServerOptions */

import { imageOrigins, overrideSources, paymentProviderOrigins, withRuntimeConfig } from './runtime-config.mjs';
import { livePreloads, livePrerender, ownerOf, withPrerender } from './prerender.mjs';
import {
  RELEASE_SESSION_COOKIE,
  healthReportSchema,
  healthSettings,
  issuesText,
  manifestForSession,
  newReleaseSession,
  recordReport,
  releaseSessionCookie,
  reportLimiter,
  verifyReleaseSession,
} from './release-health.mjs';
import {
  divEnd,
  encodedPage,
  htmlHasGlobals,
  pageHasGlobals,
  pageStream,
  serverRender,
  streamedPage,
  warmServerEntries,
  withServerRender,
} from './server-render.mjs';
import { robotsTxt, siteOrigin, sitemapService } from './crawler-files.mjs';

/** The API path of remote load reports (shared-kernel's REMOTE_REPORTS_PATH). */
const REMOTE_REPORTS_PATH = '/platform/remote-reports';
/** The prerendered front page, whose chrome frames a server-rendered page (shared-kernel's PUBLIC_HOME). */
const PUBLIC_HOME = '/public';

// Source maps stay beside the builds for error reports; the public never gets them (issue 15).
const isSourceMap = (/** @type {string} */ url) => /\.map$/i.test(url.split('?')[0]);
const notFound = (/** @type {Reply} */ reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found');

/** The path of the owner widget's loader on the shell's origin (the kernel's OWNER_WIDGET_LOADER_PATH). */
export const OWNER_WIDGET_LOADER_PATH = '/widget/loader.js';
/** Seconds a browser or CDN may keep the loader: a change to it reaches host pages within this. */
export const WIDGET_LOADER_MAX_AGE = 300;

const isWidgetLoader = (/** @type {string} */ shellDist, /** @type {string} */ file) =>
  path.resolve(file) === path.join(path.resolve(shellDist), OWNER_WIDGET_LOADER_PATH);

/** What the API accepts (its bodyLimit; uploads: 4 images of 9.9 MB); bigger bodies stop at the proxy. */
export const API_BODY_LIMIT = 1024 * 1024;
export const API_UPLOAD_LIMIT = 4 * 9_900_000 + 64 * 1024;
/** Bodies up to this size are read to the end before the 413 (see the onRequest hook); larger ones are cut off. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/**
 * The static servers' HTTP timeouts (issue 29), explicit instead of Node's: all headers within
 * 10 s (Node waits 60 s and looks only every 30 s, so a client trickling headers held a socket for
 * a minute), the whole request within 120 s (uploads of 4 × 9.9 MB pass through the /api proxy),
 * idle keep-alive 65 s (longer than a load balancer's usual 60 s, so it never reuses a socket this
 * side just closed), and the limits checked every second: a slow-header client is gone within 11 s.
 */
export const SERVER_TIMEOUTS = Object.freeze({ headersMs: 10_000, requestMs: 120_000, keepAliveMs: 65_000, checkIntervalMs: 1_000 });

/** Fastify's options for those timeouts (`http` goes to Node's createServer). */
/** @param {import('./servers.types.mjs').ServerTimeouts} [t] */
export function serverTimeoutOptions(t = SERVER_TIMEOUTS) {
  return {
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    http: {
      headersTimeout: t.headersMs,
      requestTimeout: t.requestMs,
      keepAliveTimeout: t.keepAliveMs,
      connectionsCheckingInterval: t.checkIntervalMs,
    },
  };
}
/**
 * Reads and drops a request body.
 * @param {NodeJS.ReadableStream} stream
 */
function drain(stream) {
  return new Promise((resolve) => {
    stream.once('end', resolve);
    stream.once('error', resolve);
    stream.once('close', resolve);
    stream.resume();
  });
}
// Estonian like every text the API sends (the kernel's `errors.request` texts; this server runs
// without the kernel): a caller or a page that shows `message` never gets English.
const tooLarge = { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Päringu sisu on liiga suur.', codes: ['PAYLOAD_TOO_LARGE'] };
const badGateway = {
  statusCode: 502,
  code: 'BAD_GATEWAY',
  message: 'Teenus ei vastanud. Proovi hetke pärast uuesti.',
  codes: ['BAD_GATEWAY'],
};

/**
 * Headers every answer of the shell's origin carries, pages and JSON alike.
 * @param {Reply} reply
 */
function baseSecurityHeaders(reply) {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
  reply.header('Permissions-Policy', 'camera=(), microphone=(), payment=(), usb=()');
}

/**
 * The pages' Content-Security-Policy. Scripts, styles, fonts and data come from this origin and
 * the live remotes' origins (read from the release manifest, so a remote moved to another host
 * is allowed as soon as it is published), map tiles from the tile host, Google's sign-in script
 * and frame from accounts.google.com. Emotion (Chakra) writes style tags, hence 'unsafe-inline'
 * for styles only. No page may be framed by another site. With per-browser overrides on (ADR 0021)
 * `overrides.load` (loopback dev ports and the listed origins) may serve scripts, styles, images
 * and fonts, and `overrides.connect` adds their http and ws sources (the HMR socket); without
 * them nothing about overrides appears in the policy.
 * The bank-link provider's origins (`paymentOrigins`) only show bank logos: the API talks to the
 * provider, the browser just navigates to its payment page.
 * @param {{ remoteOrigins?: string[], tileOrigins?: string[], paymentOrigins?: string[], overrides?: { load: string[], connect: string[] } }} opts
 */
export function pageCsp({ remoteOrigins = [], tileOrigins = [], paymentOrigins = [], overrides = { load: [], connect: [] } }) {
  const remotes = [...new Set([...remoteOrigins, ...overrides.load])].join(' ');
  const connect = [...new Set([...remoteOrigins, ...overrides.connect])].join(' ');
  const google = 'https://accounts.google.com';
  return [
    "default-src 'self'",
    `script-src 'self' ${remotes} ${google}/gsi/client`.replace(/\s+/g, ' ').trim(),
    `style-src 'self' 'unsafe-inline' ${remotes} ${google}/gsi/style`.replace(/\s+/g, ' ').trim(),
    `img-src 'self' data: blob: ${remotes} ${tileOrigins.join(' ')} ${paymentOrigins.join(' ')}`.replace(/\s+/g, ' ').trim(),
    `font-src 'self' data: ${remotes}`.replace(/\s+/g, ' ').trim(),
    `connect-src 'self' ${connect} ${google}/gsi/`.replace(/\s+/g, ' ').trim(),
    `frame-src ${google}/gsi/`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** @param {string} registryDir @returns {string[]} */
function remoteOriginsOf(registryDir) {
  try {
    // Read from disk and checked loosely: every field is looked at as possibly missing.
    /** @type {any} */
    const manifest = readLiveManifest(registryDir) ?? {};
    // The previous good versions too: the shell falls back to them when a new version fails.
    // And a canary's (ADR 0040): some sessions load it.
    const entries = (manifest.remotes ?? []).flatMap((/** @type {any} */ r) => [
      r?.entry,
      r?.canaryRelease?.entry?.entry,
      ...(Array.isArray(r?.fallbacks) ? r.fallbacks.map((/** @type {any} */ f) => f?.entry) : []),
    ]);
    return entries.flatMap((/** @type {string} */ entry) => {
      try {
        return [new URL(entry).origin];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

const escapeAttr = (/** @type {unknown} */ v) => String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `<link rel="preload">` tags for the slice that owns a page, from the live release: its
 * mf-manifest.json (fetched by the federation runtime: CORS), its remoteEntry.js and the chunks
 * its `./app` needs before it can mount (loaded by script elements without a crossorigin
 * attribute, so the preloads carry none either, or the browser would fetch them twice), then the
 * scripts recorded for the route at publish (ADR 0024; with `shellDist`). Read from the stored
 * build in the registry; a remote the registry does not hold (an override, a missing folder)
 * gets no preloads. With `scripts` false, only the mf-manifest.json (see pageHtml).
 * @param {string} registryDir @param {any} manifest @param {string} pagePath @param {string} [shellDist] @param {{ scripts?: boolean }} [options]
 */
export function preloadLinks(registryDir, manifest, pagePath, shellDist, { scripts: withScripts = true } = {}) {
  const remote = ownerOf(manifest, pagePath);
  if (!remote?.entry || !remote?.version) return '';
  /** @type {any} the build's mf-manifest.json, read field by field */
  let mf;
  try {
    mf = JSON.parse(fs.readFileSync(path.join(registryDir, remote.name, remote.version, 'mf-manifest.json'), 'utf8'));
  } catch {
    return '';
  }
  const base = String(remote.entry).replace(/[^/]*$/, '');
  const entryName = mf?.metaData?.remoteEntry?.name;
  const entryPath = mf?.metaData?.remoteEntry?.path;
  const app = (mf?.exposes ?? []).find((/** @type {any} */ e) => e?.name === 'app' || e?.path === './app');
  const chunks = Array.isArray(app?.assets?.js?.sync)
    ? app.assets.js.sync.filter((/** @type {unknown} */ f) => typeof f === 'string' && /^[\w.\-/]+\.js$/.test(f))
    : [];
  const scripts = [];
  if (typeof entryName === 'string' && /^[\w.\-]+\.js$/.test(entryName))
    scripts.push(base + (entryPath ? `${entryPath.replace(/\/?$/, '/')}` : '') + entryName);
  for (const chunk of chunks) scripts.push(base + chunk);
  // Then what the route was seen to load at publish (the shell's own chunks, the route's lazy part).
  if (shellDist) scripts.push(...livePreloads({ registryDir, shellDist, pagePath, manifest }));
  const links = [`<link rel="preload" href="${escapeAttr(remote.entry)}" as="fetch" crossorigin="anonymous">`];
  if (!withScripts) return links.join('');
  // fetchpriority=low: they start at once but never take the link from the page's own HTML and
  // main.js (a high-priority script preload also counts as render-blocking in Lighthouse's model).
  for (const href of new Set(scripts)) links.push(`<link rel="preload" href="${escapeAttr(href)}" as="script" fetchpriority="low">`);
  return links.join('');
}

/** @param {unknown} m */
function isReleaseManifest(m) {
  const isStr = (/** @type {unknown} */ v) => typeof v === 'string' && v.length > 0;
  const o = /** @type {any} */ (m);
  // The envelope only: a bad entry inside drops just its slice, in the shell (ADR 0020).
  return (
    typeof o === 'object' &&
    o !== null &&
    !Array.isArray(o) &&
    isStr(o.release) &&
    Array.isArray(o.remotes) &&
    o.remotes.every((/** @type {unknown} */ r) => typeof r === 'object' && r !== null)
  );
}

/** @type {Map<string, { text: string, manifest: any }>} */
const lastGoodManifests = new Map();
const lastGoodPath = (/** @type {string} */ registryDir) => path.join(registryDir, 'release-manifest.last-good.json');

/**
 * The live release manifest as text and parsed, or the last good one when the file is unreadable,
 * not JSON or not a manifest (issue 27): a corrupt manifest must never take every page down. The
 * last good one is kept in memory and beside the manifest (so a restarted server has it too);
 * falling back to it is logged each time. Null only when no good manifest was ever seen.
 * @param {string} registryDir
 * @returns {{ text: string, manifest: any } | null}
 */
export function liveManifest(registryDir) {
  let text;
  try {
    text = fs.readFileSync(manifestPath(registryDir), 'utf8');
    const cached = lastGoodManifests.get(registryDir);
    if (cached?.text === text) return cached;
    const manifest = JSON.parse(text);
    if (!isReleaseManifest(manifest)) throw new Error('not a release manifest');
    const good = { text, manifest };
    lastGoodManifests.set(registryDir, good);
    try {
      if (!fs.existsSync(lastGoodPath(registryDir)) || fs.readFileSync(lastGoodPath(registryDir), 'utf8') !== text) {
        const tmp = `${lastGoodPath(registryDir)}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, text);
        fs.renameSync(tmp, lastGoodPath(registryDir));
      }
    } catch {
      // A read-only registry: the copy in memory still serves this process.
    }
    return good;
  } catch (error) {
    if (text === undefined && !fs.existsSync(manifestPath(registryDir))) return null;
    let good = lastGoodManifests.get(registryDir) ?? null;
    if (!good) {
      try {
        const saved = fs.readFileSync(lastGoodPath(registryDir), 'utf8');
        const manifest = JSON.parse(saved);
        if (isReleaseManifest(manifest)) good = { text: saved, manifest };
      } catch {
        good = null;
      }
    }
    console.error(
      `[shell] release manifest in ${registryDir} is unusable (${error instanceof Error ? error.message : String(error)}); ${good ? `serving the last good release ${good.manifest.release}` : 'no good release to serve'}`,
    );
    return good;
  }
}

/** @param {string} registryDir */
function readLiveManifest(registryDir) {
  return liveManifest(registryDir)?.manifest ?? null;
}

/** Whether the request carries the API's session cookie (plain or `__Host-`): maybe a signed-in visitor. */
/** @param {string | undefined} cookieHeader */
export function hasSessionCookie(cookieHeader) {
  return /(?:^|;\s*)(?:__Host-)?rendime_sid=[^;]/.test(String(cookieHeader ?? ''));
}

/** The shell's cookie notice answered (the shell's cookie-dialog.tsx sets it with the answer). */
/** @param {string | undefined} cookieHeader */
export function hasConsentCookie(cookieHeader) {
  return /(?:^|;\s*)rendime_consent=1(?:;|$)/.test(String(cookieHeader ?? ''));
}

/**
 * The front page's snapshot (ADR 0024) as this visitor gets it. It is taken with the shell's
 * cookie notice open: a visitor who has not answered sees it in the first paint, inert (its button
 * works once the shell's chrome takes over, a moment later, with the same markup in the same
 * place: no shift, no second paint of a larger element); one who has, and the terms page the
 * notice links to, get it taken out. Before, it came only after every script had run, and was the
 * search page's largest element for a first visitor (issue 28).
 * @template {{ html: string }} T
 * @param {T} snapshot @param {{ cookie?: string, pagePath: string }} visitor
 * @returns {T}
 */
export function snapshotForVisitor(snapshot, { cookie, pagePath }) {
  const { html } = snapshot;
  const at = html.indexOf('data-cookie-notice=""');
  const start = at < 0 ? -1 : html.lastIndexOf('<div', at);
  const end = start < 0 ? -1 : divEnd(html, start);
  if (end < 0) return snapshot;
  const rest = html.slice(0, start) + html.slice(end);
  if (hasConsentCookie(cookie) || pagePath === '/public/usage') return { ...snapshot, html: rest };
  // First in the markup (it is fixed to the screen's bottom, wherever it stands): painted with
  // the first part the browser parses, not after the whole page's markup.
  return { ...snapshot, html: `<div inert=""${html.slice(start + 4, end)}${rest}` };
}

/**
 * The page the shell's server answers for a page path: the shell's index.html with the runtime
 * config, the preloads of the route's slice and, for an anonymous visitor of a prerendered page,
 * the snapshot of the live release (ADR 0024). A visitor with a session cookie gets no snapshot:
 * it shows the anonymous header, and the shell's own first render is right for them.
 * With a canary running, the page is the release session's (`releaseSession`, ADR 0040): its
 * preloads name the versions that session's manifest names, and a page whose slice is the canary
 * gets no snapshot (the snapshot is the live version's).
 * A page that paints from its HTML (a snapshot here, or a server rendering: `scriptPreloads`
 * false) preloads only the slice's mf-manifest.json, not its scripts: its first paint needs none,
 * and 250-340 KB of preloaded scripts shared the slow link with its LCP image (issue 28: the
 * product page's LCP 1560 -> 1068 ms throttled without them; Lighthouse's model counts every
 * request finished before the LCP against it). The shell's main.js asks for them as it starts.
 * @param {{ shellDist: string, registryDir: string, runtimeConfig?: object, pagePath: string, cookie?: string, prerender?: boolean, releaseSession?: string | null, scriptPreloads?: boolean }} o
 */
export function pageHtml({
  shellDist,
  registryDir,
  runtimeConfig = {},
  pagePath,
  cookie,
  prerender = true,
  releaseSession = null,
  scriptPreloads = true,
}) {
  let html = withRuntimeConfig(fs.readFileSync(path.join(shellDist, 'index.html'), 'utf8'), runtimeConfig);
  const stored = readLiveManifest(registryDir);
  if (!stored) return html;
  const manifest = manifestForSession(stored, releaseSession);
  // After the page's markup: the HTML (and a snapshot in it) arrives before the preloads share the line.
  const snapshot =
    prerender && !hasSessionCookie(cookie) && !(/** @type {any} */ (ownerOf(manifest, pagePath))?.canary)
      ? livePrerender({ registryDir, shellDist, pagePath, manifest })
      : null;
  const forVisitor = snapshot && snapshotForVisitor(snapshot, { cookie, pagePath });
  html = withPagePreloads(html, preloadLinks(registryDir, manifest, pagePath, shellDist, { scripts: scriptPreloads && !snapshot }));
  return forVisitor ? withPrerender(html, forVisitor) : html;
}

/** @param {string} html @param {string} links */
function withPagePreloads(html, links) {
  return links ? html.replace('</body>', () => `${links}</body>`) : html;
}

/** The file a precompressed copy (`x.js.br`, `x.js.gz`) was made from: headers follow the original's name. */
/** @param {string} file */
export function uncompressedName(file) {
  return file.replace(/\.(br|gz)$/, '');
}

/** `[name].[contenthash:8].js` chunks and webpack's hash-named assets. */
/** @param {string} file */
export function isHashedAsset(file) {
  const base = path.basename(file);
  return base !== 'remoteEntry.js' && /(^|\.)[0-9a-f]{8,}\.[a-z0-9]+$/.test(base);
}

/**
 * One remote's origin: serves every stored version of it (hashed chunks immutable), with CORS for the shell.
 * @param {RemoteServerOptions} opts
 */
export async function startRemoteServer({ name, registryDir, port, host = '127.0.0.1', timeouts = SERVER_TIMEOUTS }) {
  const app = Fastify({ logger: false, ...serverTimeoutOptions(timeouts) });
  const root = path.join(registryDir, name);
  fs.mkdirSync(root, { recursive: true });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  app.addHook('onRequest', async (req, reply) => {
    if (isSourceMap(req.url)) return notFound(reply);
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Timing-Allow-Origin', '*');
    reply.header('X-Content-Type-Options', 'nosniff');
  });
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    // The build's .br/.gz copies (infra/build/precompress-plugin.cjs) where the visitor accepts one.
    preCompressed: true,
    // Versioned folders never change (ADR 0019), yet only names that carry a content hash are
    // immutable: remoteEntry.js, mf-manifest.json and the descriptor are revalidated, so a browser
    // never keeps an entry for a year that the registry could (wrongly) have replaced.
    setHeaders: (res, file) => {
      res.header('Cache-Control', isHashedAsset(uncompressedName(file)) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  await app.listen({ port, host });
  return app;
}

/** How long an API replica that refused a connection is left out of the rotation. */
const UPSTREAM_REST_MS = 5_000;
/** How often the shell asks each of several API replicas whether it is ready (see startShellServer). */
const UPSTREAM_CHECK_MS = 1_000;

/**
 * The API base URLs the shell's /api proxy forwards to: `apiUpstreams` (several replicas, e.g. from
 * RENDIME_API_UPSTREAMS) or the one local API on `apiPort`.
 * @param {{ apiPort?: number, apiUpstreams?: string[] }} opts
 */
export function apiUpstreamList({ apiPort, apiUpstreams }) {
  const list = (apiUpstreams ?? []).map((u) => u.trim().replace(/\/$/, '')).filter(Boolean);
  for (const u of list) {
    const url = new URL(u);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`API upstream must be http(s): ${u}`);
  }
  if (list.length > 0) return list;
  if (apiPort === undefined) throw new Error('startShellServer needs apiPort or apiUpstreams');
  return [`http://127.0.0.1:${apiPort}`];
}

/** Parses RENDIME_API_UPSTREAMS ("http://api-1:3100,http://api-2:3100"); undefined when unset. */
export function apiUpstreamsFromEnv(env = process.env) {
  const raw = env.RENDIME_API_UPSTREAMS?.trim();
  return raw
    ? raw
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean)
    : undefined;
}

/**
 * The shell's origin: its static build, the release manifest, the /api proxy and the runtime config.
 * With several `apiUpstreams` the proxy alternates between them request by request (the API keeps
 * no state in a process that another replica would miss), and leaves a replica that refused a
 * connection out for a few seconds.
 *
 * Options beyond the serving ones (typed in servers.types.d.mts): serverRendering, anonymous public pages
 * rendered by their slice's server container (ADR 0041), on unless RENDIME_SERVER_RENDERING=0 (the
 * switch to turn it off without a deploy); serverRenderBudgetMs, how long a slice may take before the
 * page is served client-rendered (RENDIME_SERVER_RENDER_BUDGET_MS, default 300); serverRenderStreaming,
 * the document's head sent once the page's data are known and the markup streamed after it
 * (RENDIME_SERVER_RENDER_STREAM=0: the whole page at once, as before); publicOrigin, the
 * site's origin for canonical, og:url, robots.txt and the sitemap (RENDIME_PUBLIC_ORIGIN, else a
 * request Host naming this machine, else this server's address; a deployment sets it); health, release health (ADR 0040): the store reports are counted in, the session secret, thresholds;
 * trustedProxies, the addresses or CIDRs whose X-Forwarded-For is believed (RENDIME_TRUSTED_PROXIES,
 * comma-separated; none by default).
 * @param {ShellServerOptions} opts
 */
export async function startShellServer({
  shellDist,
  registryDir,
  port,
  apiPort,
  apiUpstreams,
  host = '127.0.0.1',
  control,
  runtimeConfig = {},
  prerender = true,
  timeouts = SERVER_TIMEOUTS,
  health = {},
  serverRendering = process.env.RENDIME_SERVER_RENDERING !== '0',
  serverRenderBudgetMs = Number(process.env.RENDIME_SERVER_RENDER_BUDGET_MS) || undefined,
  serverRenderStreaming = process.env.RENDIME_SERVER_RENDER_STREAM !== '0',
  publicOrigin = process.env.RENDIME_PUBLIC_ORIGIN,
  trustedProxies = process.env.RENDIME_TRUSTED_PROXIES,
}) {
  const upstreams = apiUpstreamList({ apiPort, apiUpstreams });
  // Release sessions and health (ADR 0040). The secret signs the release session cookie; replicas
  // share it (RENDIME_RELEASE_SESSION_SECRET) so a session keeps its release set on any of them.
  const {
    secret,
    settings: healthOver,
    store,
  } = /** @type {{ secret?: string, settings?: object, store?: import('./registry-store.mjs').RegistryStore }} */ (health);
  const sessionSecret = secret ?? process.env.RENDIME_RELEASE_SESSION_SECRET ?? crypto.randomBytes(32).toString('hex');
  const settings = healthSettings(process.env, healthOver);
  const limiter = reportLimiter(settings);
  /** The store the reports are counted in: production's shared one, else this registry folder. */
  let healthStore = store ?? null;
  const storeForHealth = async () => (healthStore ??= (await import('./registry-store.mjs')).folderStore(registryDir));
  /**
   * The request's release session. A new one (a cookie on this answer) is issued only while a
   * canary runs, the one time a visitor's side has to be remembered; otherwise no cookie is set.
   */
  const releaseSessionOf = (/** @type {Request} */ req, /** @type {Reply} */ reply) => {
    const verified = verifyReleaseSession(releaseSessionCookie(req.headers.cookie), sessionSecret);
    if (verified) return verified;
    if (!liveManifest(registryDir)?.manifest?.remotes?.some((/** @type {any} */ r) => r?.canaryRelease)) return null;
    const value = newReleaseSession(sessionSecret);
    const secure = req.protocol === 'https' || req.headers['x-forwarded-proto'] === 'https' ? '; Secure' : '';
    reply.header(
      'Set-Cookie',
      `${RELEASE_SESSION_COOKIE}=${value}; Path=/; Max-Age=${settings.sessionMaxAgeS}; HttpOnly; SameSite=Lax${secure}`,
    );
    return verifyReleaseSession(value, sessionSecret);
  };
  const restingUntil = new Map();
  let turn = 0;
  const nextUpstream = () => {
    const now = Date.now();
    for (let i = 0; i < upstreams.length; i++) {
      const candidate = upstreams[(turn + i) % upstreams.length];
      if ((restingUntil.get(candidate) ?? 0) <= now) {
        turn = (turn + i + 1) % upstreams.length;
        return candidate;
      }
    }
    // All resting: try the next one anyway rather than refuse without asking.
    turn = (turn + 1) % upstreams.length;
    return upstreams[turn];
  };
  // A replica that says it is not ready (database away, or draining before a graceful stop)
  // gets no new requests until it says so again: asked every UPSTREAM_CHECK_MS, so a replica
  // shutting down (it keeps serving for SHUTDOWN_DELAY_MS, longer than this) is left before it stops.
  const checkUpstreams = async () => {
    await Promise.all(
      upstreams.map(async (upstream) => {
        const ready = await fetch(`${upstream}/health/ready`, { signal: AbortSignal.timeout(UPSTREAM_CHECK_MS) }).then(
          (res) => (res.body?.cancel(), res.ok),
          () => false,
        );
        if (ready) restingUntil.delete(upstream);
        else restingUntil.set(upstream, Date.now() + UPSTREAM_CHECK_MS * 2);
      }),
    );
  };
  const checker = upstreams.length > 1 ? setInterval(() => void checkUpstreams(), UPSTREAM_CHECK_MS) : undefined;
  checker?.unref();
  /** @type {WeakMap<object, string>} */
  const chosen = new WeakMap();
  // Behind an ingress the socket's peer is the ingress, for every visitor: trusting its
  // X-Forwarded-For (only from the listed addresses) gives the visitor's address to the API's limits
  // and to the load-report limits, and X-Forwarded-Proto the scheme.
  const app = Fastify({ logger: false, bodyLimit: API_BODY_LIMIT, trustProxy: trustedProxies || false, ...serverTimeoutOptions(timeouts) });
  app.addHook('onClose', async () => clearInterval(checker));
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  const tileOrigins = imageOrigins(runtimeConfig);
  // Read once at start, like the rest of the server's settings (RENDIME_PAYMENT_PROVIDER_ORIGINS).
  const paymentOrigins = paymentProviderOrigins();
  const overrides = overrideSources(runtimeConfig);
  app.addHook('onRequest', async (req, reply) => {
    if (isSourceMap(req.url)) return notFound(reply);
    // Over the API's limit: answer its 413 here, before a byte goes upstream, instead of a
    // proxy error when the API closes the connection mid-body.
    if (req.url.startsWith('/api/')) {
      const length = Number(req.headers['content-length'] ?? 0);
      const limit = /^multipart\//i.test(req.headers['content-type'] ?? '') ? API_UPLOAD_LIMIT : API_BODY_LIMIT;
      if (length > limit) {
        // The client is sending the body (Node answers 100-continue itself): read it to the end
        // first, because answering and closing while it still writes resets the connection and
        // the client may lose the 413. Beyond DRAIN_LIMIT the connection is cut instead.
        if (length > DRAIN_LIMIT) reply.header('Connection', 'close');
        else await drain(req.raw);
        return reply.code(413).type('application/json; charset=utf-8').send(tooLarge);
      }
    }
  });
  app.addHook('onSend', async (req, reply, payload) => {
    baseSecurityHeaders(reply);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header(
        'Content-Security-Policy',
        pageCsp({ remoteOrigins: remoteOriginsOf(registryDir), tileOrigins, paymentOrigins, overrides }),
      );
    } else if (!reply.hasHeader('content-security-policy')) {
      reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    }
    return payload;
  });
  const several = upstreams.length > 1;
  await app.register(httpProxy, {
    // One upstream: exactly the proxy as before. Several: no fixed base, each request picks one.
    upstream: several ? '' : upstreams[0],
    prefix: '/api',
    rewritePrefix: '',
    http2: false,
    replyOptions: {
      ...(several
        ? {
            getUpstream: (req) => {
              const upstream = nextUpstream();
              chosen.set(req, upstream);
              return upstream;
            },
          }
        : {}),
      rewriteRequestHeaders: (req, headers) => {
        // Node already answered the client's 100-continue; the upstream client refuses the header.
        const { expect: _expect, ...rest } = headers;
        // The API limits per visitor: this is the edge, so it says who the visitor is and
        // replaces whatever the visitor claimed.
        return { ...rest, 'x-forwarded-for': req.ip, 'x-forwarded-proto': req.protocol, 'x-forwarded-host': req.headers.host ?? '' };
      },
      // Never the upstream's internal error text: a plain 502 in the API's error shape.
      onError: (reply, { error }) => {
        const failed = chosen.get(reply.request);
        const cause = /** @type {{ code?: string, cause?: { code?: string } } | undefined} */ (error);
        const reason = cause?.cause?.code ?? cause?.code;
        // A replica that is not there (stopped, restarting) sits out; one that answered slowly does not.
        if (several && failed && (reason === 'ECONNREFUSED' || reason === 'ENOTFOUND' || reason === 'UND_ERR_CONNECT_TIMEOUT'))
          restingUntil.set(failed, Date.now() + UPSTREAM_REST_MS);
        if (reply.sent) return;
        const code = /** @type {{ statusCode?: number } | undefined} */ (error)?.statusCode;
        if (code === 413) return reply.code(413).type('application/json; charset=utf-8').send(tooLarge);
        return reply.code(502).type('application/json; charset=utf-8').send(badGateway);
      },
    },
  });
  // The browser's load and mount reports (ADR 0020) pass here on their way to the API: the page
  // host forwards them as they came (the API keeps them for the admin page) and counts the ones
  // from this site's own pages towards the versions' health (ADR 0040).
  app.post(`/api${REMOTE_REPORTS_PATH}`, { bodyLimit: 16 * 1024 }, async (req, reply) => {
    const json = (/** @type {number} */ status, /** @type {string} */ code, /** @type {string} */ message) =>
      reply
        .code(status)
        .type('application/json; charset=utf-8')
        .send({ statusCode: status, code, message, codes: [code] });
    if (!limiter.allow(req.ip)) return json(429, 'TOO_MANY_REPORTS', 'Too many load reports from this address; try again in a minute');
    // sendBeacon's body arrives as text/plain (ADR 0020): the same JSON in a string.
    let body = req.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body, (key, value) => (key === '__proto__' ? undefined : value));
      } catch {
        return json(400, 'MALFORMED_JSON', 'Malformed JSON body');
      }
    }
    const parsed = healthReportSchema().safeParse(body);
    if (!parsed.success) return json(400, 'BAD_REPORT', `Not a remote load report: ${issuesText(parsed.error)}`);
    const { host: _h, 'content-length': _l, connection: _c, expect: _e, ...headers } = req.headers;
    /** @type {number | null} null: the API could not be reached */
    let status = null;
    let answer = '';
    let answerType = 'application/json; charset=utf-8';
    try {
      const res = await fetch(`${nextUpstream()}${REMOTE_REPORTS_PATH}`, {
        method: 'POST',
        headers: /** @type {Record<string, string>} */ (
          /** @type {unknown} */ ({
            ...headers,
            'x-forwarded-for': req.ip,
            'x-forwarded-proto': req.protocol,
            'x-forwarded-host': req.headers.host ?? '',
          })
        ),
        body: typeof req.body === 'string' ? req.body : JSON.stringify(req.body),
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      answer = await res.text();
      answerType = res.headers.get('content-type') ?? answerType;
    } catch {
      // The API away must not blind release health: the report still counts below.
    }
    // The API's CSRF rule, for health too: a browser always sends Origin on a POST, so a report
    // from another site names that site, and a text/plain one (a beacon) without it is no page's.
    const origin = req.headers.origin;
    const ownHost = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? '');
    const sameSite = origin === undefined ? typeof req.body !== 'string' : URL.canParse(origin) && new URL(origin).host === ownHost;
    // A visitor without a release session (no canary was running when it came) is known by its
    // address and browser: on the live side of every remote, and capped per address like the rest.
    const session =
      verifyReleaseSession(releaseSessionCookie(req.headers.cookie), sessionSecret) ??
      `anon:${crypto
        .createHash('sha256')
        .update(`${req.ip}\n${req.headers['user-agent'] ?? ''}`)
        .digest('base64url')
        .slice(0, 22)}`;
    if (sameSite && limiter.mayVote(req.ip, parsed.data.remote, parsed.data.version, session)) {
      try {
        await recordReport(await storeForHealth(), { report: parsed.data, session, settings });
      } catch (e) {
        // Health is best effort: a store that is away must not lose the report for the admin page.
        console.error('[shell] could not count a load report towards release health:', e instanceof Error ? e.message : e);
      }
    }
    if (status === null) return reply.code(502).type('application/json; charset=utf-8').send(badGateway);
    return reply.code(status).type(answerType).send(answer);
  });
  app.get('/release-manifest.json', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    // The owner widget's loader reads it from owners' websites (ADR 0025). It names public
    // build URLs only; the release session cookie only picks between them, so any origin may.
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Vary', 'Cookie');
    reply.type('application/json');
    const live = liveManifest(registryDir);
    if (!live) return reply.code(503).send({ statusCode: 503, code: 'NO_RELEASE', message: 'No release manifest', codes: ['NO_RELEASE'] });
    // Without a canary every session gets the same text; with one, this session's set (ADR 0040).
    if (!live.manifest.remotes.some((/** @type {any} */ r) => r?.canaryRelease)) return live.text;
    return JSON.stringify(manifestForSession(live.manifest, releaseSessionOf(req, reply)), null, 2);
  });
  if (control) control(app);
  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    setHeaders: (res, sent) => {
      const file = uncompressedName(sent);
      if (isWidgetLoader(shellDist, file)) {
        // The owner widget's loader (ADR 0025) is included by owners' websites: readable from any
        // origin, and short-lived in caches, as it is the one unversioned file host pages hold on to.
        res.header('Cache-Control', `public, max-age=${WIDGET_LOADER_MAX_AGE}`);
        res.header('Access-Control-Allow-Origin', '*');
        res.header('Cross-Origin-Resource-Policy', 'cross-origin');
        return;
      }
      res.header('Cache-Control', /\.[0-9a-f]{8}\.js$/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Every page URL answers the shell's index.html; the shell decides what to show. The page differs
  // by the session cookie (a snapshot for anonymous visitors only), hence Vary.
  // A failed server render is reported like a failed browser load, to the API's report endpoint.
  const reportServerRender = (/** @type {object} */ report) => {
    fetch(`${nextUpstream()}${REMOTE_REPORTS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      signal: AbortSignal.timeout(2_000),
    }).then(
      (res) => void res.body?.cancel(),
      () => {},
    );
  };
  // The origin absolute URLs name: the configured one, else a Host naming this machine, else this server's address.
  const originFor = (/** @type {Request} */ req) => {
    const address = app.server.address();
    return siteOrigin(publicOrigin, req, typeof address === 'object' && address ? `${host}:${address.port}` : `${host}:${port}`);
  };
  // Crawlers (issue 28): the public site, not the signed-in area; the sitemap of the live release's slices.
  app.get('/robots.txt', async (req, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(originFor(req))),
  );
  const sitemap = sitemapService({ registryDir });
  const sitemapAnswer = async (/** @type {Request} */ req, /** @type {Reply} */ reply, /** @type {number} */ part) => {
    const manifest = readLiveManifest(registryDir);
    const files = manifest ? await sitemap({ manifest, origin: originFor(req), apiBaseUrl: nextUpstream() }) : null;
    if (!files) return reply.code(503).header('Retry-After', '300').type('text/plain; charset=utf-8').send('Sitemap not available');
    const body = part === 0 ? files.index : files.parts[part - 1];
    if (body === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.header('Cache-Control', 'public, max-age=300').type('application/xml; charset=utf-8').send(body);
  };
  app.get('/sitemap.xml', (req, reply) => sitemapAnswer(req, reply, 0));
  app.get('/sitemap-:part', (req, reply) => {
    const match = /^([1-9]\d{0,4})\.xml$/.exec(/** @type {{ part: string }} */ (req.params).part);
    return match ? sitemapAnswer(req, reply, Number(match[1])) : reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
  const sendPage = (
    /** @type {import('fastify').FastifyRequest} */ req,
    /** @type {Reply} */ reply,
    /** @type {number} */ status,
    /** @type {string} */ html,
  ) => {
    const { body, encoding } = encodedPage(html, req.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply
      .code(status)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  };
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path.extname(pathname)) {
      reply.code(404).type('text/plain').send('Not found');
      return;
    }
    const pagePath = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const releaseSession = releaseSessionOf(req, reply);
    const shellPage = (/** @type {boolean} */ scriptPreloads) =>
      pageHtml({ shellDist, registryDir, runtimeConfig, pagePath, cookie: req.headers.cookie, prerender, releaseSession, scriptPreloads });
    let status = 200;
    // A signed-in visitor's page is the shell's as before: the server renders for anonymous visitors only.
    // With a canary running, the server renders the versions this release session is on (ADR 0040).
    const live = serverRendering && !hasSessionCookie(req.headers.cookie) ? readLiveManifest(registryDir) : null;
    const manifest = live ? manifestForSession(live, releaseSession) : null;
    if (manifest) {
      warmServerEntries(registryDir, manifest);
      const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      const pageGlobals = pageHasGlobals(shellDist);
      const rendered = await serverRender({
        registryDir,
        manifest,
        pagePath,
        search: query,
        origin: originFor(req),
        apiBaseUrl: nextUpstream(),
        budgetMs: serverRenderBudgetMs,
        report: reportServerRender,
        stream: serverRenderStreaming && req.method === 'GET',
        pageGlobals,
      });
      // Painted from its HTML: no script preloads (pageHtml says why).
      const html = rendered ? shellPage(false) : '';
      if (rendered && pageGlobals && !htmlHasGlobals(html)) {
        // The shell's index.html was replaced by one without the platform's global CSS while the
        // slice rendered for a page with it: that markup would paint unstyled, so the client page.
        rendered.markup?.().catch(() => null);
        return sendPage(req, reply, rendered.status, shellPage(true));
      }
      if (rendered) {
        status = rendered.status;
        const snapshot = livePrerender({ registryDir, shellDist, pagePath: PUBLIC_HOME, manifest });
        const chrome = snapshot && snapshotForVisitor(snapshot, { cookie: req.headers.cookie, pagePath });
        const parts = rendered.markup ? streamedPage(html, pagePath, rendered, chrome) : null;
        if (rendered.markup && parts) {
          // The head now (status, title, preview tags, the LCP image's and the scripts' preloads):
          // the browser fetches them while the slice renders the markup. The status is the data's,
          // known already; a markup that fails after this ends as the client-rendered page.
          const out = pageStream(req.headers['accept-encoding']);
          if (out.encoding) reply.header('Content-Encoding', out.encoding);
          reply
            .code(status)
            .header('Cache-Control', 'no-cache')
            .header('Vary', 'Cookie, Accept-Encoding')
            .type('text/html; charset=utf-8')
            .send(out.stream);
          out.stream.write(parts.prefix);
          out.flush();
          const markup = await rendered.markup();
          // A visitor gone meanwhile: the markup was still rendered, and cached for the next one.
          if (!out.stream.destroyed) out.stream.end(markup === null ? parts.clientPage : parts.page(markup));
          return reply;
        }
        const markup = rendered.markup ? await rendered.markup() : rendered.html;
        if (markup !== null) return sendPage(req, reply, status, withServerRender(html, pagePath, { ...rendered, html: markup }, chrome));
      }
    }
    return sendPage(req, reply, status, shellPage(true));
  });
  await app.listen({ port, host });
  // The live slices' server entries load (and warm up) now, not on the first visitor's request.
  if (serverRendering) warmServerEntries(registryDir, readLiveManifest(registryDir));
  return app;
}
