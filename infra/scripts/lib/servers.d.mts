import type { FastifyInstance } from 'fastify';
export declare const API_BODY_LIMIT: number;
export declare const API_UPLOAD_LIMIT: number;
export declare function pageCsp(opts: {
  remoteOrigins?: string[];
  tileOrigins?: string[];
  paymentOrigins?: string[];
  overrides?: { load: string[]; connect: string[] };
}): string;
export declare function isHashedAsset(file: string): boolean;
export declare function preloadLinks(registryDir: string, manifest: unknown, pagePath: string, shellDist?: string): string;
export declare function hasSessionCookie(cookieHeader: string | undefined): boolean;
/** The live release manifest, or the last good one when the file is corrupt; null when none was ever good. */
export declare function liveManifest(registryDir: string): { text: string; manifest: unknown } | null;
export declare function pageHtml(opts: {
  shellDist: string;
  registryDir: string;
  runtimeConfig?: object;
  pagePath: string;
  cookie?: string;
  prerender?: boolean;
  releaseSession?: string | null;
}): string;
export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  checkIntervalMs: number;
}
export declare const SERVER_TIMEOUTS: Readonly<ServerTimeouts>;
export declare function startRemoteServer(opts: {
  name: string;
  registryDir: string;
  port: number;
  host?: string;
  timeouts?: ServerTimeouts;
}): Promise<FastifyInstance>;
export declare function startShellServer(opts: {
  shellDist: string;
  registryDir: string;
  port: number;
  /** The one local API (http://127.0.0.1:apiPort); ignored when apiUpstreams names any. */
  apiPort?: number;
  /** API replicas the /api proxy alternates between, e.g. ['http://api-1:3100', 'http://api-2:3100']. */
  apiUpstreams?: string[];
  host?: string;
  control?: (app: FastifyInstance) => void;
  runtimeConfig?: object;
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
    store?: import('./registry-store.mjs').RegistryStore;
    secret?: string;
    settings?: Partial<import('./release-health.mjs').HealthSettings>;
  };
  /** Anonymous public pages rendered by their slice's server container (ADR 0041); default: unless RENDIME_SERVER_RENDERING=0. */
  serverRendering?: boolean;
  /** How long a slice's server render may take before the page is served client-rendered (default 300 ms). */
  serverRenderBudgetMs?: number;
  /** The site's origin for canonical, og:url, robots.txt and the sitemap (default RENDIME_PUBLIC_ORIGIN, else a plain request Host). */
  publicOrigin?: string;
  /** Addresses or CIDRs whose X-Forwarded-For is believed (default RENDIME_TRUSTED_PROXIES; none). */
  trustedProxies?: string;
}): Promise<FastifyInstance>;
export declare function apiUpstreamList(opts: { apiPort?: number; apiUpstreams?: string[] }): string[];
export declare function apiUpstreamsFromEnv(env?: NodeJS.ProcessEnv): string[] | undefined;
