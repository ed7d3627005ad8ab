import path from 'node:path';

export interface AppConfig {
  /** Where PGlite data and uploaded/generated files live. */
  dataDir: string;
  /** Files are stored here (defaults to dataDir/files). */
  filesDir: string;
  databaseUrl?: string;
  publicSiteUrl: string;
  /** URL prefix under which the browser reaches GET /files/<name> (through the shell's /api proxy). */
  filesPublicPath: string;
  allowedOrigins: string[];
  cookieSecure: boolean;
  /** JSON body limit in bytes. */
  bodyLimit: number;
  /** Load the demo data on start (once per database). */
  seedDemoData: boolean;
}

export const DEFAULT_DATA_DIR = path.resolve(__dirname, '../.data');

export function resolveConfig(partial: Partial<AppConfig> = {}): AppConfig {
  const dataDir = partial.dataDir ?? DEFAULT_DATA_DIR;
  return {
    dataDir,
    filesDir: partial.filesDir ?? path.join(dataDir, 'files'),
    databaseUrl: partial.databaseUrl,
    publicSiteUrl: (partial.publicSiteUrl ?? 'http://localhost:3000').replace(/\/$/, ''),
    filesPublicPath: (partial.filesPublicPath ?? '/api/files').replace(/\/$/, ''),
    allowedOrigins: partial.allowedOrigins ?? ['http://localhost:3000'],
    cookieSecure: partial.cookieSecure ?? false,
    bodyLimit: partial.bodyLimit ?? 1024 * 1024,
    seedDemoData: partial.seedDemoData ?? true,
  };
}
