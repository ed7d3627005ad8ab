// The runtime config the shell's server writes into every page (read there by the shell and by
// the slices through the kernel's readRuntimeConfig). Kept free of server dependencies so tests and
// tools can import it alone.

/** OpenStreetMap's standard tiles: the map's base layer unless RENDIME_MAP_TILE_URL says otherwise. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * What the shell's server writes into every page for the slices to read (kernel platform
 * readRuntimeConfig). RENDIME_MAP_TILE_URL picks the map's tile source ('' = none, the offline
 * outline only, e.g. for hermetic test runs); RENDIME_MAP_TILE_ATTRIBUTION its credit line;
 * RENDIME_REMOTE_TIMEOUT_MS how long the shell waits for a slice before it tries the previous good
 * version or shows the fallback (unset: the shell's default, 8000 ms).
 */
export function runtimeConfig(env = process.env) {
  const mapTileUrl = env.RENDIME_MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL;
  if (mapTileUrl !== '' && !/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{-?y\}/.test(mapTileUrl)) {
    throw new Error(`RENDIME_MAP_TILE_URL must be an http(s) XYZ template with {z}, {x} and {y}, got ${mapTileUrl}`);
  }
  const overrides = overrideConfig(env);
  const rawTimeout = env.RENDIME_REMOTE_TIMEOUT_MS;
  const remoteTimeoutMs = rawTimeout === undefined || rawTimeout === '' ? undefined : Number(rawTimeout);
  if (remoteTimeoutMs !== undefined && !(Number.isInteger(remoteTimeoutMs) && remoteTimeoutMs >= 100 && remoteTimeoutMs <= 120_000)) {
    throw new Error(`RENDIME_REMOTE_TIMEOUT_MS must be whole milliseconds between 100 and 120000, got ${rawTimeout}`);
  }
  return {
    mapTileUrl,
    ...(env.RENDIME_MAP_TILE_ATTRIBUTION ? { mapTileAttribution: env.RENDIME_MAP_TILE_ATTRIBUTION } : {}),
    ...(remoteTimeoutMs !== undefined ? { remoteTimeoutMs } : {}),
    ...(overrides ? { overrides } : {}),
  };
}

/**
 * Per-browser remote overrides (ADR 0021): off unless RENDIME_OVERRIDES=1 (the local platform's
 * runner sets it) or RENDIME_OVERRIDE_ORIGINS lists origins (comma-separated http(s) origins, for
 * a shared test environment). When on, the shell honours overrides to loopback (localhost,
 * 127.0.0.1) and to the listed origins only, and the page's CSP allows exactly those.
 * @returns {{ enabled: true, origins: string[] } | undefined}
 */
export function overrideConfig(env = process.env) {
  const origins = (env.RENDIME_OVERRIDE_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      let url;
      try {
        url = new URL(o);
      } catch {
        throw new Error(`RENDIME_OVERRIDE_ORIGINS must list http(s) origins, got ${o}`);
      }
      if (!/^https?:$/.test(url.protocol) || url.origin !== o.replace(/\/$/, '')) {
        throw new Error(`RENDIME_OVERRIDE_ORIGINS must list http(s) origins (scheme, host, optional port; no path), got ${o}`);
      }
      return url.origin;
    });
  if (env.RENDIME_OVERRIDES !== '1' && origins.length === 0) return undefined;
  return { enabled: true, origins };
}

/** Loopback sources a page with overrides on must allow (any port: dev servers pick theirs). */
export const LOOPBACK_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'];

/**
 * CSP sources for overrides: loopback and the listed origins for scripts, styles and data, and
 * their WebSocket twins for connect-src (webpack-dev-server's HMR socket). Empty when off.
 * @param {Partial<import('./runtime-config.types.mjs').RuntimeConfig> | undefined} config
 * @returns {{ load: string[], connect: string[] }}
 */
export function overrideSources(config) {
  if (!config?.overrides?.enabled) return { load: [], connect: [] };
  const load = [...LOOPBACK_SOURCES, ...config.overrides.origins];
  const connect = [...load, ...load.map((s) => s.replace(/^http/, 'ws'))];
  return { load, connect };
}

/** Where Montonio serves the banks' logos its bank list names (public.montonio.com/images/...). */
export const DEFAULT_PAYMENT_PROVIDER_ORIGINS = ['https://public.montonio.com'];

/**
 * The bank-link provider's image origins (RENDIME_PAYMENT_PROVIDER_ORIGINS, comma-separated). The
 * API reads the bank list and creates orders server to server (issue 30), so the browser only
 * shows the banks' logos from here and navigates to the provider's payment page (a top-level
 * navigation, which no page CSP directive limits); nothing here may be connected to. The sandbox
 * bank is on the site's own origin and needs nothing.
 */
export function paymentProviderOrigins(env = process.env) {
  const raw = env.RENDIME_PAYMENT_PROVIDER_ORIGINS;
  if (raw === undefined || raw.trim() === '') return DEFAULT_PAYMENT_PROVIDER_ORIGINS;
  return raw
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      let url;
      try {
        url = new URL(o);
      } catch {
        throw new Error(`RENDIME_PAYMENT_PROVIDER_ORIGINS must list https origins, got ${o}`);
      }
      if (!/^https?:$/.test(url.protocol) || url.origin !== o.replace(/\/$/, ''))
        throw new Error(`RENDIME_PAYMENT_PROVIDER_ORIGINS must list http(s) origins (no path), got ${o}`);
      return url.origin;
    });
}

/**
 * Origins the pages load images from besides their own: the tile server. A Content-Security-Policy
 * for the shell must list these in img-src, or the map falls back to its outline.
 * @param {{ mapTileUrl?: string }} config
 */
export function imageOrigins(config) {
  return config.mapTileUrl ? [new URL(config.mapTileUrl.replace(/\{[^}]*\}/g, '0')).origin] : [];
}

/**
 * The page's runtime config as a JSON script tag (read by the shell and the slices). '<' is escaped
 * so no value can close the tag.
 * @param {string} html @param {object | undefined} config
 */
export function withRuntimeConfig(html, config) {
  const json = JSON.stringify(config ?? {}).replace(/</g, '\\u003c');
  // A function, so a '$&' in a value is not read as a replacement pattern.
  return html.replace('</head>', () => `<script type="application/json" id="rendime-config">${json}</script></head>`);
}
