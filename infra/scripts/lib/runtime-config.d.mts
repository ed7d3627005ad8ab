export interface RuntimeConfig { mapTileUrl: string; mapTileAttribution?: string }
export const DEFAULT_MAP_TILE_URL: string;
export function runtimeConfig(env?: Record<string, string | undefined>): RuntimeConfig;
export function imageOrigins(config: { mapTileUrl?: string | null }): string[];
export function withRuntimeConfig(html: string, config: object | undefined): string;
