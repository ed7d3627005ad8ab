export interface ManifestFallback { version: string; entry: string }
export interface ManifestRemote { name: string; scope: string; version: string; entry: string; routes: string[]; nav: unknown[]; widgets: Record<string, string>; embeds: Record<string, string>; events: unknown; devPort: number; shared: Record<string, string>; fallbacks: ManifestFallback[] }
export interface Manifest { release: string; createdAt: string; remotes: ManifestRemote[] }
export interface LogLine { release: string; at: string; who: string; action: 'publish' | 'activate' | 'rollback' | 'override' | 'refuse' | string; remote: string; version: string | null; previousVersion: string | null; reason: string; team?: string; noSmoke?: boolean }
export interface ChangeOptions { who?: string; reason?: string; expectRelease?: string | number }
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
export function storeBuild(registryDir: string, buildDir: string, opts?: { ifStored?: 'refuse' | 'reuse' }): { name: string; version: string; stored: boolean };
export function listVersions(registryDir: string, name: string): string[];
export function isStored(registryDir: string, name: string, version: string): boolean;
export function withRegistryLock<T>(registryDir: string, fn: () => T): T;
export function whoAmI(by?: string): string;
export function logLine(entry: Partial<LogLine> & { release: string | number; action: string; remote: string }, who: string): LogLine;
export function appendLog(registryDir: string, entry: Partial<LogLine> & { release: string; action: string; remote: string }): LogLine;
export function readLog(registryDir: string): LogLine[];
export function logRefusal(registryDir: string, entry: { remote: string; version: string | null; reason: string; who?: string }): LogLine;
export function entryUrl(origin: string, version: string): string;
export function manifestEntry(descriptor: Record<string, unknown>, version: string, entry: string, fallbacks: { version: string; entry: string }[]): Record<string, unknown> & { name: string; version: string; entry: string };
export function activate(registryDir: string, name: string, version: string, origin: string, opts?: ChangeOptions & { action?: string }): Manifest;
export function rollback(registryDir: string, name: string, origin: string, opts?: ChangeOptions): Manifest;
export function override(registryDir: string, name: string, entryUrl: string, opts?: ChangeOptions): Manifest;
export function changeManifest(registryDir: string, opts: { expectRelease?: string | number | null; log: Partial<LogLine> }, change: (manifest: Manifest) => { remotes: ManifestRemote[]; logEntry: Partial<LogLine> & { action: string; remote: string } }): Manifest;
