export declare const SITEMAP_MAX_URLS: number;
export declare const SITEMAP_CACHE_MS: number;
export declare const SITEMAP_BUDGET_MS: number;
export declare function originOf(value: unknown): string | null;
export declare function siteOrigin(
  configured: string | undefined,
  req: { protocol: string; headers: Record<string, unknown> },
  fallbackHost: string,
): string;
export declare function robotsTxt(origin: string): string;
export declare function xmlEscape(value: unknown): string;
export declare function urlsetXml(urls: { loc: string; lastmod?: string }[]): string;
export declare function sitemapIndexXml(origin: string, count: number): string;
export declare function sitemapFiles(entries: unknown[], origin: string): { index: string; parts: string[] };
export declare function sitemapService(opts: {
  registryDir: string;
  budgetMs?: number;
  cacheMs?: number;
  now?: () => number;
}): (o: {
  manifest: unknown;
  origin: string;
  apiBaseUrl: string;
  fetch?: typeof fetch;
}) => Promise<{ index: string; parts: string[] } | null>;
