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
export declare class RegistryError extends Error {
  constructor(message: string, code: string, problems?: string[]);
  code: string;
  problems: string[];
}
export declare const MAX_FALLBACKS: number;
export function manifestPath(registryDir: string): string;
export function releaseLogPath(registryDir: string): string;
export function readManifest(registryDir: string): Manifest;
export function contentHash(buildDir: string): string;
export function readDescriptor(buildDir: string): Record<string, unknown> & { name: string; version: string };
export function versionOf(buildDir: string, descriptor?: object): string;
export function storeBuild(
  registryDir: string,
  buildDir: string,
  opts?: { ifStored?: 'refuse' | 'reuse' },
): { name: string; version: string; stored: boolean };
export function listVersions(registryDir: string, name: string): string[];
export function isStored(registryDir: string, name: string, version: string): boolean;
export function withRegistryLock<T>(registryDir: string, fn: () => T): T;
export function whoAmI(by?: string): string;
export function logLine(entry: Partial<LogLine> & { release: string | number; action: string; remote: string }, who: string): LogLine;
export function appendLog(registryDir: string, entry: Partial<LogLine> & { release: string; action: string; remote: string }): LogLine;
export function readLog(registryDir: string): LogLine[];
export function logRefusal(registryDir: string, entry: { remote: string; version: string | null; reason: string; who?: string }): LogLine;
export function entryUrl(origin: string, version: string): string;
export function manifestEntry(
  descriptor: Record<string, unknown>,
  version: string,
  entry: string,
  fallbacks: { version: string; entry: string }[],
): Record<string, unknown> & { name: string; version: string; entry: string };
export function activate(
  registryDir: string,
  name: string,
  version: string,
  origin: string,
  opts?: ChangeOptions & { action?: string; canary?: number },
): Manifest;
export function endCanary(registryDir: string, name: string, opts?: ChangeOptions & { action?: string }): Manifest;
export function canaryPercentProblem(percent: unknown): string | null;
export function withCanary(live: ManifestRemote, canaryEntry: ManifestRemote, percent: number, since?: string): ManifestRemote;
export interface HealthTally {
  ok: number;
  failed: number;
  status: string | null;
}
export function healthPath(registryDir: string): string;
export function readHealth(
  registryDir: string,
): Record<string, Record<string, { ok: string[]; failed: string[]; status?: string; reason?: string; at?: string }>>;
export function unhealthyVersions(registryDir: string, name: string): Set<string>;
export function recordHealthVote(
  registryDir: string,
  vote: { remote: string; version: string; session: string; failed: boolean },
): HealthTally;
export function setHealthStatus(
  registryDir: string,
  o: { remote: string; version: string; status: 'healthy' | 'unhealthy'; reason?: string },
): boolean;
export function rollback(registryDir: string, name: string, origin: string, opts?: ChangeOptions): Manifest;
export function override(registryDir: string, name: string, entryUrl: string, opts?: ChangeOptions): Manifest;
export function changeManifest(
  registryDir: string,
  opts: { expectRelease?: string | number | null; log: Partial<LogLine> },
  change: (manifest: Manifest) => { remotes: ManifestRemote[]; logEntry: Partial<LogLine> & { action: string; remote: string } },
): Manifest;
