export interface StaticStore {
  root: string;
  has(remote: string, version: string): boolean;
  put(buildDir: string): { name: string; version: string; stored: boolean };
  entryUrl(cdnBase: string, remote: string, version: string): string;
}
export function folderStaticStore(root: string): StaticStore;
