/** Widget and event contract versions a remote provides and consumes (ADR 0039). */
export interface Contracts {
  widgets?: { provides?: Record<string, number>; consumes?: Record<string, number> };
  events?: { emits?: Record<string, number>; listens?: Record<string, number> };
}
export interface ManifestFallback {
  version: string;
  entry: string;
}
export interface CanaryRelease {
  version: string;
  percent: number;
  since: string;
  entry: ManifestRemote;
}
export interface ManifestRemote {
  name: string;
  scope: string;
  version: string;
  entry: string;
  routes: string[];
  nav: unknown[];
  widgets: Record<string, string>;
  embeds: Record<string, string>;
  events: unknown;
  devPort: number;
  shared: Record<string, string>;
  contracts?: Contracts;
  /** the routes its server container renders, and that container's URL (ADR 0041 amendment) */
  serverRoutes?: string[];
  serverEntry?: string;
  fallbacks: ManifestFallback[];
  canaryRelease?: CanaryRelease;
  canary?: boolean;
}
export interface Manifest {
  release: string;
  createdAt: string;
  remotes: ManifestRemote[];
}
export interface LogLine {
  release: string;
  at: string;
  who: string;
  action: 'publish' | 'activate' | 'rollback' | 'override' | 'refuse' | string;
  remote: string;
  version: string | null;
  previousVersion: string | null;
  reason: string;
  team?: string;
  noSmoke?: boolean;
}
export interface ChangeOptions {
  who?: string;
  reason?: string;
  expectRelease?: string | number;
}
export interface HealthTally {
  ok: number;
  failed: number;
  status: string | null;
}
