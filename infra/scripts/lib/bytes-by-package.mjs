// Which package a page's script bytes come from, read off the builds' hidden source maps: the
// figures behind a JS budget (issue 28: how much of the front page is the fixed stack's libraries
// and how much is ours). Used by bench-bundle.mjs (BENCH_PACKAGES=1) and bench-profile.mjs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { TraceMap, decodedMappings } = require('@jridgewell/trace-mapping');

/**
 * The libraries the platform's stack fixes (the developers' guide): React, its DOM, the router,
 * TanStack Query, single-spa, zustand, Chakra with Emotion and the packages Chakra is built on,
 * react-hook-form with zod and its resolver,
 * Module Federation's runtime (and the entry it generates in `node_modules/.federation`),
 * OpenLayers, luxon, and the bundler's own runtime.
 */
const FIXED_STACK = [
  /^react$/,
  /^react-dom$/,
  /^scheduler$/,
  /^react-is$/,
  /^react-router$/,
  /^@tanstack\//,
  /^single-spa(-react)?$/,
  /^zustand$/,
  /^@chakra-ui\//,
  /^@emotion\//,
  /^@ark-ui\//,
  /^@zag-js\//,
  /^@pandacss\//,
  /^@floating-ui\//,
  /^@internationalized\//,
  /^@swc\/helpers$/,
  /^stylis$/,
  /^hoist-non-react-statics$/,
  /^@module-federation\//,
  /^\.federation$/,
  /^ol$/,
  // OpenLayers' own dependencies.
  /^(rbush|quickselect|earcut|pbf|ieee754|color-(space|rgba|parse|name)|geotiff)$/,
  /^luxon$/,
  // The forms the guide prescribes: react-hook-form with the zod resolver on the kernel's schemas.
  /^zod$/,
  /^react-hook-form$/,
  /^@hookform\/resolvers$/,
  /^\(webpack\)$/,
];

/** The workspace's own packages, by the folder their sources are in. */
const OURS = ['shell', 'mf-public', 'mf-booking', 'mf-owner', 'mf-account', 'mf-messaging', 'shared-kernel', 'infra'];

/**
 * The package a source of a source map belongs to: an npm package's name, `(webpack)` for the
 * bundler's runtime, a workspace folder for our own code, `(unmapped)` for bytes no source claims.
 * @param {string | null | undefined} source a map's source, e.g. `webpack://shell/../node_modules/.pnpm/react-dom@19.1.0/node_modules/react-dom/cjs/x.js`
 * @param {string} [built] the workspace folder the map was built in, whose own sources are relative (`./src/x.ts`)
 */
export function packageOfSource(source, built = '') {
  if (!source) return '(unmapped)';
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  const rel = source.replace(/^webpack:\/\/[^/]*\//, '');
  // The bundler's runtime, and its stand-ins for modules it takes from a global (`external "x"`).
  if (/^(\(webpack\)|webpack)\//.test(rel) || /^external /.test(rel)) return '(webpack)';
  const own = /^\.\.\/([^/]+)\//.exec(rel)?.[1];
  if (own && OURS.includes(own)) return own;
  return built || '(unmapped)';
}

/**
 * What kind of code a package is: the fixed stack's libraries, our own, or another library.
 * @param {string} pkg
 * @returns {'fixed stack' | 'ours' | 'other libraries' | 'unmapped'}
 */
export function kindOfPackage(pkg) {
  if (pkg !== '(webpack)' && pkg.startsWith('(')) return 'unmapped';
  if (OURS.includes(pkg)) return 'ours';
  if (FIXED_STACK.some((re) => re.test(pkg))) return 'fixed stack';
  return 'other libraries';
}

/**
 * A generated file's bytes by the source each segment maps to: a segment runs to the next one on
 * its line or to the line's end; bytes before a line's first segment, and segments without a
 * source, are `null`'s. Line breaks count as the line's last byte, so the sum is the file's length.
 * @param {string} code the generated file
 * @param {any} map a TraceMap of it
 * @returns {Map<string | null, number>}
 */
export function bytesBySource(code, map) {
  /** @type {Map<string | null, number>} */
  const out = new Map();
  const add = (/** @type {string | null} */ k, /** @type {number} */ n) => n > 0 && out.set(k, (out.get(k) ?? 0) + n);
  const lines = code.split('\n');
  const mappings = decodedMappings(map);
  lines.forEach((line, i) => {
    const segments = mappings[i] ?? [];
    const width = line.length + (i < lines.length - 1 ? 1 : 0);
    add(null, Math.min(segments[0]?.[0] ?? width, width));
    segments.forEach((/** @type {number[]} */ seg, j) => {
      const end = Math.min(segments[j + 1]?.[0] ?? width, width);
      add(seg.length >= 4 ? (map.sources[seg[1]] ?? null) : null, end - seg[0]);
    });
  });
  return out;
}

/**
 * A script's source map, found in the builds' folders (hidden-source-map: the map is next to the
 * file, not referenced from it) by a file of the same name and, when the body is given, the same
 * content (`main.js` and `remoteEntry.js` are in several builds), with the folder it was built in;
 * null when none is.
 * @param {string[]} dists the builds' output folders
 * @param {{ url: string, body?: string }} script
 * @param {Map<string, { map: any, built: string } | null>} [cache]
 */
export function sourceMapOf(dists, script, cache = new Map()) {
  const file = script.url.split('?')[0].split('/').pop();
  if (!file) return null;
  const key = `${file}\0${script.body === undefined ? '' : crypto.createHash('sha1').update(script.body).digest('hex')}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  /** @type {{ map: any, built: string } | null} */
  let found = null;
  for (const d of dists) {
    const walk = (/** @type {string} */ dir) => {
      if (!fs.existsSync(dir)) return;
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        if (found) return;
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name === `${file}.map` && (script.body === undefined || sameContent(p.slice(0, -4), script.body)))
          found = { map: new TraceMap(fs.readFileSync(p, 'utf8')), built: path.basename(path.dirname(d)) };
      }
    };
    walk(d);
    if (found) break;
  }
  cache.set(key, found);
  return found;
}

/** @param {string} file @param {string} body */
const sameContent = (file, body) => fs.existsSync(file) && fs.readFileSync(file, 'utf8') === body;

/**
 * Transferred bytes by package over a page's scripts: each script's transferred size is shared
 * out in proportion to its uncompressed bytes by package (compression differs little enough
 * between a file's parts for a budget's purposes; the total is exact).
 * @param {{ url: string, body: string, transferred: number }[]} scripts
 * @param {string[]} dists
 * @returns {Map<string, number>}
 */
export function transferredByPackage(scripts, dists) {
  /** @type {Map<string, number>} */
  const out = new Map();
  const cache = new Map();
  for (const s of scripts) {
    const file = s.url.split('?')[0].split('/').pop() ?? s.url;
    // A body the browser did not hand over (a redirect, say) still counts, so the total is exact.
    if (!s.body) {
      out.set(`(no body: ${file})`, (out.get(`(no body: ${file})`) ?? 0) + s.transferred);
      continue;
    }
    const found = sourceMapOf(dists, s, cache);
    const bySource = found ? bytesBySource(s.body, found.map) : new Map([[null, s.body.length]]);
    const total = s.body.length || 1;
    for (const [source, n] of bySource) {
      const pkg = source === null ? (found ? '(unmapped)' : `(no map: ${file})`) : packageOfSource(source, found?.built);
      out.set(pkg, (out.get(pkg) ?? 0) + (n / total) * s.transferred);
    }
  }
  return out;
}
