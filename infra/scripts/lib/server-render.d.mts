export declare const SERVER_RENDER_BUDGET_MS: number;
export declare const SERVER_RENDER_CACHE_MS: number;
export declare const SERVER_STATE_ID: string;
export declare const SERVER_RENDER_FAILURES_TO_PAUSE: number;
export declare const SERVER_RENDER_PAUSE_MS: number;
export interface ServerRendered {
  status: number;
  html: string;
  head: string;
  state: unknown;
}
export declare function serverEntryFile(registryDir: string, remote: { name?: string; version?: string } | null): string | null;
export declare function loadServerModule(file: string): {
  loading: Promise<unknown>;
  ready: boolean;
  failed: boolean;
  failedAt: number;
  reported: boolean;
  failuresInRow: number;
  pausedUntil: number;
};
export declare function warmServerEntries(registryDir: string, manifest: unknown): void;
export declare function clearServerRenderCache(): void;
export declare function serverRender(opts: {
  registryDir: string;
  manifest: unknown;
  pagePath: string;
  search?: string;
  origin: string;
  apiBaseUrl: string;
  fetch?: typeof fetch;
  budgetMs?: number;
  cacheMs?: number;
  now?: () => number;
  report?: (report: Record<string, unknown>) => void;
}): Promise<ServerRendered | null>;
export declare function embeddedJson(value: unknown): string;
export declare function withServerRender(
  html: string,
  pagePath: string,
  rendered: ServerRendered,
  chrome?: { key: string; html: string; css: string } | null,
): string;
export declare function inChrome(snapshotHtml: string, holder: string): string | null;
