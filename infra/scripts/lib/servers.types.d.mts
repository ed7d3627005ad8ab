import type { FastifyInstance } from 'fastify';
export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  checkIntervalMs: number;
}

export interface RemoteServerOptions {
  name: string;
  registryDir: string;
  port: number;
  host?: string;
  timeouts?: ServerTimeouts;
}
export interface ShellServerOptions {
  shellDist: string;
  registryDir: string;
  port: number;
  /** The one local API (http://127.0.0.1:apiPort); ignored when apiUpstreams names any. */
  apiPort?: number;
  /** API replicas the /api proxy alternates between, e.g. ['http://api-1:3100', 'http://api-2:3100']. */
  apiUpstreams?: string[];
  host?: string;
  control?: (app: FastifyInstance) => void;
  runtimeConfig?: Partial<import('./runtime-config.types.mjs').RuntimeConfig>;
  /** Serve the live release's snapshot of a prerendered page to anonymous visitors (default true; ADR 0024). */
  prerender?: boolean;
  /** The HTTP timeouts (default SERVER_TIMEOUTS; tests shorten them). */
  timeouts?: ServerTimeouts;
  /**
   * Release health (ADR 0040): the store reports are counted in (default: the registry folder as a
   * store), the release session cookie's secret (default RENDIME_RELEASE_SESSION_SECRET, else random
   * per process) and thresholds over healthSettings().
   */
  health?: {
    store?: import('./registry-store.types.mjs').RegistryStore;
    secret?: string;
    settings?: Partial<import('./release-health.types.mjs').HealthSettings>;
  };
  /** Anonymous public pages rendered by their slice's server container (ADR 0041); default: unless RENDIME_SERVER_RENDERING=0. */
  serverRendering?: boolean;
  /** How long a slice's server render may take before the page is served client-rendered (default 300 ms). */
  serverRenderBudgetMs?: number;
  /** Send a server-rendered page's head once its data are known, then its markup (default: unless RENDIME_SERVER_RENDER_STREAM=0). */
  serverRenderStreaming?: boolean;
  /** The site's origin for canonical, og:url, robots.txt and the sitemap (default RENDIME_PUBLIC_ORIGIN, else a plain request Host). */
  publicOrigin?: string;
  /** Addresses or CIDRs whose X-Forwarded-For is believed (default RENDIME_TRUSTED_PROXIES; none). */
  trustedProxies?: string;
}
