import type { LogLine, Manifest } from './registry.types.mjs';
export interface TokenRecord {
  id: string;
  team: string;
  slices: string[];
  admin: boolean;
  hash: string;
  revokedAt?: string | null;
}
export interface HealthTally {
  ok: number;
  failed: number;
  status: string | null;
}
export interface RegistryStore {
  kind: string;
  readManifest(): Promise<Manifest>;
  hasVersion(remote: string, version: string): Promise<boolean>;
  commit(
    opts: {
      expectRelease?: string | number | null;
      log: Partial<LogLine>;
      version?: { remote: string; version: string; descriptor: object };
    },
    change: (m: Manifest) => { remotes: object[]; logEntry: Partial<LogLine> & { action: string; remote: string } },
  ): Promise<Manifest>;
  log(entry: Partial<LogLine> & { action: string; remote: string }): Promise<void>;
  readLog(remote?: string): Promise<LogLine[]>;
  addToken(t: TokenRecord): Promise<void>;
  revokeToken(id: string): Promise<boolean>;
  tokenByHash(hash: string): Promise<TokenRecord | null>;
  /** One session's report on a version (ADR 0040): distinct sessions that mounted it or failed. */
  recordHealthVote(vote: { remote: string; version: string; session: string; failed: boolean }): Promise<HealthTally>;
  /** False when the version had that status already. */
  setHealthStatus(o: { remote: string; version: string; status: 'healthy' | 'unhealthy'; reason?: string }): Promise<boolean>;
  unhealthyVersions(remote: string): Promise<Set<string>>;
  healthOf(remote: string): Promise<Record<string, HealthTally>>;
  close(): Promise<void>;
}
