export interface ManifestRemote { name: string; scope: string; version: string; entry: string; routes: string[]; nav: unknown[]; widgets: Record<string, string>; events: unknown; devPort: number; shared: Record<string, string> }
export interface Manifest { release: string; createdAt: string; remotes: ManifestRemote[] }
export function manifestPath(registryDir: string): string;
export function readManifest(registryDir: string): Manifest;
export function storeBuild(registryDir: string, buildDir: string): { name: string; version: string };
export function listVersions(registryDir: string, name: string): string[];
export function activate(registryDir: string, name: string, version: string, origin: string): Manifest;
export function override(registryDir: string, name: string, entryUrl: string): void;
