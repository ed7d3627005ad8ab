export declare const PRERENDER_PATHS: string[];
export declare const PRERENDER_OUTLET_ATTR: string;
export declare function prerenderDir(registryDir: string): string;
export declare function ownerOf(
  manifest: unknown,
  pagePath: string,
): { name: string; version: string; entry: string; routes: string[] } | null;
export declare function shellBuildHash(shellDist: string): string;
export declare function prerenderKey(opts: { pagePath: string; shellHash: string; remote: { name: string; version: string } }): string;
export interface PrerenderSnapshot {
  key: string;
  path: string;
  css: string;
  html: string;
  remote?: string;
  version?: string;
  release?: string;
}
export declare function livePrerender(opts: {
  registryDir: string;
  shellDist: string;
  pagePath: string;
  manifest?: unknown;
}): PrerenderSnapshot | null;
export declare function withPrerender(html: string, snapshot: { key: string; css: string; html: string }): string;
export declare const PRELOAD_PROBES: { pattern: string; path: string }[];
export declare function livePreloads(opts: { registryDir: string; shellDist: string; pagePath: string; manifest: unknown }): string[];
export declare function fileOf(registryDir: string, key: string): string;
